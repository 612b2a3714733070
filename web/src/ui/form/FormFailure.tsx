import { Alert } from '@mantine/core'
import { useEffect, useRef } from 'react'
import type { SaveFailure } from '../FormNotes.tsx'

/**
 * The form's red box with the server's message (or the spec's fallback) after a failed save; `refused`
 * puts the form's own refusal there instead, for forms that word it as one line (project invoices).
 * It sits at the form's top, so each new failure scrolls it into view: on a phone a long dialog's Save
 * is a screen below it, and the box would otherwise appear out of sight, as if nothing had happened.
 */
export function FormFailure({ failure, refused }: { failure: SaveFailure | null; refused?: string | null }) {
  const text = refused ?? failure?.text
  const box = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure (same words or not) scrolls again
  useEffect(() => {
    if (text) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [text, failure])
  if (!text) return null
  return (
    <Alert ref={box} color="red" variant="light" role="alert">
      {text}
    </Alert>
  )
}
