import { PasswordInput, type PasswordInputProps } from '@mantine/core'

type PasswordFieldName = 'newPassword' | 'confirmPassword'

const fields: { name: PasswordFieldName; label: string }[] = [
  { name: 'newPassword', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
]

/**
 * 'New Password' and 'Confirm New Password', each with show/hide: the Forgot Password reset and the
 * Change Password dialog, whose schemas check that the two match (domain/src/auth.ts).
 */
export function NewPasswordFields({
  form,
  inputProps,
}: {
  form: { getInputProps: (path: PasswordFieldName) => object }
  /** More props for both fields (how their errors are announced). */
  inputProps?: Partial<PasswordInputProps>
}) {
  return fields.map(({ name, label }) => (
    <PasswordInput
      key={name}
      label={label}
      name={name}
      autoComplete="new-password"
      required
      {...form.getInputProps(name)}
      {...inputProps}
    />
  ))
}
