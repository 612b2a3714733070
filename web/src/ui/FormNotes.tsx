import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ApiError, errorMessage } from '../api/client.ts'

/** The blue note above a register form for staff: their change waits for an administrator. */
export function ApprovalNote({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
      {children}
    </Alert>
  )
}

export interface SaveFailure {
  text: string
  /** 412: the record changed since the form was opened. */
  stale: boolean
}

export const saveFailure = (error: unknown, fallback: string): SaveFailure => ({
  text: errorMessage(error, fallback),
  stale: error instanceof ApiError && error.status === 412,
})

/** The content of a form's red box; a stale edit offers to reload the latest version. */
export function SaveError({ failure, onReload }: { failure: SaveFailure; onReload: () => void }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{failure.text}</Text>
      {failure.stale && (
        <Button size="xs" variant="white" color="red" onClick={onReload}>
          Reload the latest version (your changes here will be lost)
        </Button>
      )}
    </Stack>
  )
}
