import { messages } from '@daftar/domain/auth'
import { type CurrentUser, userMessages } from '@daftar/domain/users'
import { AppShell } from '@mantine/core'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { setSessionExpiredHandler } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { Header } from '../../app/shell/Header.tsx'
import { keepDraftsForExpiredSession } from '../../ui/drafts.ts'
import { ChangePasswordModal } from './ChangePasswordModal.tsx'
import EditProfileModal from './EditProfileModal.tsx'

const mock = startMockApi()
// Mantine's dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 5000 }
const user = userEvent.setup({ delay: null })

const me: CurrentUser = {
  user_id: 'u-1',
  username: 'asha',
  full_name: 'Asha Verma',
  designation: 'Site Engineer',
  employee_id: null,
  display_photo: null,
  isadmin: false,
  is_accountant: false,
  email: 'asha@example.com',
  mobile: null,
  version: 7,
  orgName: 'Demo Industries',
  orgUserLimit: null,
  orgCurrentUserCount: 4,
  can_open_accounts: true,
}

describe('Change Password', () => {
  function open() {
    const onClose = vi.fn()
    mock.use(http.get('/api/users/me', () => HttpResponse.json(me)))
    renderApp(<ChangePasswordModal opened onClose={onClose} />)
    return onClose
  }
  const field = (name: RegExp) => screen.findByLabelText(name, {}, slow)

  it("checks the new passwords before sending, shows the server's refusal, then changes it", async () => {
    const sent: unknown[] = []
    let refuse = true
    mock.use(
      http.put('/api/users/u-1/change-password', async ({ request }) => {
        sent.push(await request.json())
        return refuse
          ? HttpResponse.json({ error: messages.currentPasswordIncorrect }, { status: 400 })
          : HttpResponse.json({ message: messages.passwordChanged })
      }),
    )
    const onClose = open()
    await user.type(await field(/^Current Password/), 'wrong-one')
    await user.type(await field(/^New Password/), 'fresh-pass-1')
    await user.type(await field(/^Confirm New Password/), 'fresh-pass-2')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText(messages.passwordsDoNotMatch, undefined, slow)).toBeTruthy()
    expect(sent).toEqual([])

    await user.clear(await field(/^Confirm New Password/))
    await user.type(await field(/^Confirm New Password/), 'fresh-pass-1')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(messages.currentPasswordIncorrect)
    refuse = false
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect((await screen.findByRole('status', {}, slow)).textContent).toBe(messages.passwordChanged)
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 })
    expect(sent).toHaveLength(2)
  })

  it('asks before typed passwords are thrown away by Escape', async () => {
    const onClose = open()
    await user.type(await field(/^Current Password/), 'half-typed')
    await user.keyboard('{Escape}')
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(onClose).toHaveBeenCalled()
  })
})

describe('Edit Profile', () => {
  it('asks to confirm, then sends the name and the version it edited', async () => {
    const sent: { fullName: unknown; ifMatch: string | null }[] = []
    mock.use(
      http.put('/api/users/u-1', async ({ request }) => {
        const form = await request.formData()
        sent.push({ fullName: form.get('full_name'), ifMatch: request.headers.get('if-match') })
        return HttpResponse.json({ message: userMessages.profileUpdated, user: me })
      }),
    )
    const onClose = vi.fn()
    renderApp(<EditProfileModal me={me} onClose={onClose} />)
    const name = await screen.findByLabelText(/^Full name/, {}, slow)
    await user.clear(name)
    await user.type(name, 'Asha K. Verma')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(userMessages.saveConfirm, undefined, slow)).toBeTruthy()
    expect(sent).toEqual([])
    const confirm = screen.getAllByRole('button', { name: 'Save' }).at(-1)!
    await user.click(confirm)
    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow)
    expect(sent).toEqual([{ fullName: 'Asha K. Verma', ifMatch: '7' }])
  })

  it("refuses a blank name with the schema's words, and asks before unsaved input is thrown away", async () => {
    const onClose = vi.fn()
    renderApp(<EditProfileModal me={me} onClose={onClose} />)
    await user.clear(await screen.findByLabelText(/^Full name/, {}, slow))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(userMessages.fullNameRequired, undefined, slow)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('keeps the name being typed across an expired session, and the user menu opens the dialog with it again', async () => {
    signedInAs(mock, me)
    setSessionExpiredHandler(keepDraftsForExpiredSession)
    session.set({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' })
    mock.use(
      http.get('/api/notifications/unread-count', () => HttpResponse.json({ unreadCount: 0 })),
      http.put('/api/users/u-1', () => HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 })),
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ error: messages.sessionExpired }, { status: 401 }),
      ),
    )
    const shell = () => (
      <AppShell header={{ height: 56 }}>
        <Header menuOpen={false} onToggleMenu={() => {}} />
      </AppShell>
    )
    const first = renderApp(shell())
    await user.click(await screen.findByRole('button', { name: 'User menu' }, slow))
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }, slow))
    const name = await screen.findByLabelText(/^Full name/, {}, slow)
    await user.clear(name)
    await user.type(name, 'Asha Kumari Verma')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText(userMessages.saveConfirm, undefined, slow)
    await user.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!)
    await waitFor(() => expect(session.isAuthenticated()).toBe(false), slow)
    first.unmount()

    // Signed in again, the app opens Edit Profile with the name as it was being typed.
    session.set({ accessToken: 'new-access', refreshToken: 'new-refresh' })
    renderApp(shell())
    const again = (await screen.findByLabelText(/^Full name/, {}, slow)) as HTMLInputElement
    expect(again.value).toBe('Asha Kumari Verma')
    session.clear()
    setSessionExpiredHandler(() => {})
  })
})
