import { describe, expect, it } from 'vitest'
import {
  changePasswordForm,
  identifierKind,
  messages,
  newPasswordPair,
  normaliseMobile,
  resetPasswordForm,
  resetPasswordInput,
} from './auth.ts'
import { removesOwnAdminRights } from './users.ts'

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

describe('the forms that ask for the new password twice', () => {
  /** Each field's first problem, as the form shows it. */
  const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const found: Record<string, string> = {}
    for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message
    return found
  }

  it('say of each field what is wrong with it, the mismatch even while the new password is too short', () => {
    expect(
      problems(resetPasswordForm.safeParse({ otp: '', newPassword: 'abc', confirmPassword: 'abd' })),
    ).toEqual({
      otp: messages.otpRequired,
      newPassword: messages.passwordTooShort,
      confirmPassword: messages.passwordsDoNotMatch,
    })
    expect(
      problems(
        changePasswordForm.safeParse({
          currentPassword: '',
          newPassword: 'abcdef',
          confirmPassword: 'abcdef',
        }),
      ),
    ).toEqual({ currentPassword: messages.currentPasswordRequired })
    // A code of the wrong shape is said to be so before anything is sent.
    expect(
      problems(resetPasswordForm.safeParse({ otp: '12', newPassword: 'abcdef', confirmPassword: 'abcdef' })),
    ).toEqual({ otp: messages.otpFormat })
  })

  it('give the API what it takes: the code and the new password', () => {
    const parsed = resetPasswordForm.parse({
      otp: ' 123456 ',
      newPassword: 'abcdef',
      confirmPassword: 'abcdef',
    })
    expect(resetPasswordInput.omit({ identifier: true }).parse(parsed)).toEqual({
      otp: '123456',
      newPassword: 'abcdef',
    })
  })
})

describe('an admin and their own rights', () => {
  it('may not take their own admin right or active state, may change their accountant flag', () => {
    expect(removesOwnAdminRights({ isadmin: false })).toBe(true)
    expect(removesOwnAdminRights({ is_active: false })).toBe(true)
    expect(removesOwnAdminRights({ is_accountant: false, isadmin: true })).toBe(false)
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
