import { defaultChannels, notificationTypeInfo, notificationTypes } from '@daftar/domain/notifications'
import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { NotificationsTab } from './NotificationsTab.tsx'

const mock = startMockApi()
configure({ asyncUtilTimeout: 5000 })

const answer = () => ({
  preferences: notificationTypes.map((type) => ({
    type,
    label: notificationTypeInfo[type].label,
    ...defaultChannels,
    locked: notificationTypeInfo[type].inAppLocked ? ['in_app'] : [],
  })),
  daily_digest: false,
})

describe('the Notifications tab', { timeout: 30_000 }, () => {
  it('shows every type × channel, keeps locked ones disabled, and saves the changes', async () => {
    signedInAs(mock, person())
    const sent: unknown[] = []
    mock.use(
      http.get('/api/users/me/notification-preferences', () => HttpResponse.json(answer())),
      http.put('/api/users/me/notification-preferences', async ({ request }) => {
        const body = await request.json()
        sent.push(body)
        return HttpResponse.json({ ...answer(), message: 'Notification preferences saved.' })
      }),
    )
    renderApp(<NotificationsTab />, { path: '/profile' })
    const user = userEvent.setup()
    const assigned = notificationTypeInfo.TASK_ASSIGNED.label
    const locked = (await screen.findByRole('checkbox', { name: `${assigned}: In app` })) as HTMLInputElement
    expect(locked.disabled).toBe(true)
    expect(locked.checked).toBe(true)
    const ccMail = screen.getByRole('checkbox', { name: `${notificationTypeInfo.TASK_CC.label}: Email` })
    const ccInApp = screen.getByRole('checkbox', { name: `${notificationTypeInfo.TASK_CC.label}: In app` })
    expect((ccInApp as HTMLInputElement).disabled).toBe(false)
    expect(screen.getAllByRole('checkbox', { name: /: (In app|Push|Email)$/ })).toHaveLength(
      notificationTypes.length * 3,
    )

    await user.click(ccMail)
    await user.click(ccInApp)
    await user.click(screen.getByRole('switch'))
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const body = sent[0] as { preferences: { type: string }[]; daily_digest: boolean }
    expect(body.daily_digest).toBe(true)
    expect(body.preferences.find((p) => p.type === 'TASK_CC')).toEqual({
      type: 'TASK_CC',
      in_app: false,
      push: true,
      email: true,
    })
    expect(body.preferences.find((p) => p.type === 'TASK_ASSIGNED')).toMatchObject({ in_app: true })
  })
})
