import { Alert } from '@mantine/core'
import type { SaveFailure } from '../FormNotes.tsx'

/**
 * The form's red box with the server's message (or the spec's fallback) after a failed save; `refused`
 * puts the form's own refusal there instead, for forms that word it as one line (project invoices).
 */
export function FormFailure({ failure, refused }: { failure: SaveFailure | null; refused?: string | null }) {
  const text = refused ?? failure?.text
  if (!text) return null
  return (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  )
}
