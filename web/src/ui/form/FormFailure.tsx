import { Alert } from '@mantine/core'
import type { SaveFailure } from '../FormNotes.tsx'

/** The form's red box with the server's message (or the spec's fallback) after a failed save. */
export function FormFailure({ failure }: { failure: SaveFailure | null }) {
  if (!failure) return null
  return (
    <Alert color="red" variant="light" role="alert">
      {failure.text}
    </Alert>
  )
}
