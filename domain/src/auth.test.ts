import { describe, expect, it } from 'vitest'
import { identifierKind, messages, newPasswordPair, normaliseMobile, resetPasswordInput } from './auth.ts'

describe('password rules: 6 to 128 characters, new and confirmation match', () => {
  it('wants the two new passwords equal, then at least 6 characters', () => {
    const check = (newPassword: string, confirmPassword: string) => {
      const result = newPasswordPair.safeParse({ newPassword, confirmPassword })
      return result.success ? null : result.error.issues[0]!.message
    }
    expect(check('abcdef', 'abcdeg')).toBe(messages.passwordsDoNotMatch)
    expect(check('abc', 'abc')).toBe(messages.passwordTooShort)
    expect(check('abcdef', 'abcdef')).toBeNull()
  })
  it('requires the identifier and a 6-digit OTP to reset', () => {
    expect(
      resetPasswordInput.safeParse({ identifier: '', otp: '123456', newPassword: 'abcdef' }).success,
    ).toBe(false)
    const noOtp = resetPasswordInput.safeParse({ identifier: 'a@b.c', otp: '', newPassword: 'abcdef' })
    expect(noOtp.success ? null : noOtp.error.issues[0]!.message).toBe(messages.otpRequired)
    expect(
      resetPasswordInput.safeParse({ identifier: 'a@b.c', otp: '123456', newPassword: 'abcdef' }).success,
    ).toBe(true)
  })
})

describe('identifiers', () => {
  it('tells email, mobile and username apart', () => {
    expect(identifierKind('asha@example.com')).toBe('email')
    expect(identifierKind('+91 98000-00003')).toBe('mobile')
    expect(identifierKind('asha')).toBe('username')
  })
  it('compares mobile numbers by their digits', () => {
    expect(normaliseMobile('+91 98000-00003')).toBe('+919800000003')
    expect(normaliseMobile('098000 00003')).toBe('09800000003')
  })
})
