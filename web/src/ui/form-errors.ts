/** Form helpers shared by the register forms: zod issues to per-field messages. */

export type FieldErrors = Record<string, string>

/** The first message of each field, keyed by its path ('name', 'contacts.0.email'). */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.')
    if (!(key in errors)) errors[key] = issue.message
  }
  return errors
}

/** Moves keyboard focus to the first invalid input of a form, so screen readers announce it. */
export function focusFirstError(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  invalid?.focus()
}
