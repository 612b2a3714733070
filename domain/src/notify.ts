/**
 * docs/product.md, "Messages": a message containing 'failed' or 'error' (case-insensitive) shows as an error, others as
 * success; in the OTP step 'incorrect' also counts as an error.
 */
export function isErrorMessage(message: string, alsoError: readonly string[] = []): boolean {
  const text = message.toLowerCase()
  return ['failed', 'error', ...alsoError].some((word) => text.includes(word))
}
