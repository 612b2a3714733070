import { PasswordInput, type PasswordInputProps } from '@mantine/core'

/**
 * The signed-in person's own password, asked again before a step that needs it (changing it, turning
 * off the second factor, adding a passkey, deleting a file): required, and marked `current-password`
 * so that a password manager offers the saved one rather than suggesting a new one.
 */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return <PasswordInput autoComplete="current-password" required {...props} />
}

/** The password check before a deletion that cannot be undone (a document, an invoice). */
export function DeletionPasswordInput(props: PasswordInputProps) {
  return (
    <CurrentPasswordInput
      label="Your password"
      description="Enter your password to confirm."
      data-autofocus
      {...props}
    />
  )
}
