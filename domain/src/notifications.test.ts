import { describe, expect, it } from 'vitest'
import {
  notificationPreferenceMessages,
  notificationPreferencesInput,
  notificationTypeInfo,
  notificationTypes,
  preferenceTypeOf,
} from './notifications.ts'

describe('notification preferences contract', () => {
  it('every type has a label; approvals and assignments are the locked ones', () => {
    expect(notificationTypes.length).toBe(Object.keys(notificationTypeInfo).length)
    for (const type of notificationTypes) expect(notificationTypeInfo[type].label).not.toBe('')
    expect(notificationTypes.filter((t) => notificationTypeInfo[t].inAppLocked)).toEqual([
      'TASK_ASSIGNED',
      'TASK_SUBMITTED',
      'APPROVAL_WAITING',
      'APPROVAL_PENDING',
    ])
  })

  it("maps a register's request for approval to one preference; unknown types to none", () => {
    expect(preferenceTypeOf('TASK_CC')).toBe('TASK_CC')
    expect(preferenceTypeOf('CLIENT_APPROVAL_PENDING')).toBe('APPROVAL_PENDING')
    expect(preferenceTypeOf('TECHNICAL_INFO_APPROVAL_PENDING')).toBe('APPROVAL_PENDING')
    expect(preferenceTypeOf('SOMETHING_ELSE')).toBeNull()
  })

  it('refuses in-app off for a locked type with its label in the message, and accepts the rest', () => {
    const refused = notificationPreferencesInput.safeParse({
      preferences: [{ type: 'TASK_ASSIGNED', in_app: false, push: true, email: true }],
      daily_digest: false,
    })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe(
      notificationPreferenceMessages.lockedInApp(notificationTypeInfo.TASK_ASSIGNED.label),
    )
    const accepted = notificationPreferencesInput.safeParse({
      preferences: [
        { type: 'TASK_ASSIGNED', in_app: true, push: false, email: true },
        { type: 'ANNOUNCEMENT', in_app: false, push: false, email: false },
      ],
      daily_digest: true,
    })
    expect(accepted.success).toBe(true)
  })
})
