import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'
import { ApiError, errorMessage } from '../api/client.ts'

/** A page that could not load: what went wrong and the way back. */
export function ErrorPanel({
  message,
  backTo,
  backLabel,
  title = 'Something went wrong',
}: {
  message: string
  backTo: string
  backLabel: string
  title?: string
}) {
  return (
    <Stack maw={720} mx="auto" mt="xl">
      <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={20} />} role="alert">
        <Stack gap="md" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {backLabel}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  )
}

/**
 * A record's page whose record could not load: 'Not found' in the page's own words when the server
 * says 404 (unknown, or not the caller's to see), else what went wrong, and the way back.
 */
export function LoadError({
  error,
  notFound,
  failed,
  backTo,
  backLabel,
}: {
  error: unknown
  notFound: string
  /** The failure's wording around the server's message ('Error loading …: <message>'). */
  failed: (message: string) => string
  backTo: string
  backLabel: string
}) {
  const missing = error instanceof ApiError && error.status === 404
  return (
    <ErrorPanel
      title={missing ? 'Not found' : undefined}
      message={missing ? notFound : failed(errorMessage(error, 'Unknown error'))}
      backTo={backTo}
      backLabel={backLabel}
    />
  )
}
