import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { SecurityTab } from './SecurityTab.tsx'

const mock = startMockApi()
// Dialogs render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 })

const session = (id: string, device: string, current: boolean) => ({
  session_id: id,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-11-27T10:00:00.000Z',
  ip: '203.0.113.7',
  user_agent: null,
  device,
  current,
})

function answerSecurity(enabled: boolean, required = false) {
  let sessions = [
    session('00000000-0000-4000-8000-000000000001', 'Chrome on Linux', true),
    session('00000000-0000-4000-8000-000000000002', 'Safari on iOS', false),
  ]
  const sent: string[] = []
  let passkeys = [
    {
      passkey_id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Work laptop',
      created_at: '2026-11-02T10:00:00.000Z',
      last_used_at: null,
    },
  ]
  mock.use(
    http.get('/api/auth/passkeys', () => HttpResponse.json(passkeys)),
    http.delete('/api/auth/passkeys/:id', ({ params }) => {
      sent.push(`remove ${params.id}`)
      passkeys = passkeys.filter((p) => p.passkey_id !== params.id)
      return HttpResponse.json({ message: 'Passkey removed.' })
    }),
    http.get('/api/auth/2fa', () =>
      HttpResponse.json({
        enabled,
        enabled_at: enabled ? '2026-11-01T00:00:00.000Z' : null,
        recovery_codes_left: enabled ? 9 : 0,
        required,
      }),
    ),
    http.get('/api/auth/sessions', () => HttpResponse.json(sessions)),
    http.get('/api/auth/sign-ins', () =>
      HttpResponse.json([
        {
          signed_in_at: '2026-11-27T10:00:00.000Z',
          outcome: 'WRONG_CODE',
          ip: '198.51.100.2',
          device: 'Firefox on Windows',
        },
      ]),
    ),
    http.post('/api/auth/sessions/sign-out-others', () => {
      sent.push('others')
      sessions = sessions.filter((s) => s.current)
      return HttpResponse.json({ message: 'Signed out of all other devices.', signed_out: 1 })
    }),
  )
  return sent
}

describe('the Security tab', { timeout: 30_000 }, () => {
  it('signs out all other devices only after confirming, and lists the sign-ins with their result', async () => {
    signedInAs(mock, person())
    const sent = answerSecurity(false)
    renderApp(<SecurityTab />, { path: '/profile' })
    const user = userEvent.setup()
    expect(await screen.findByText('Safari on iOS')).toBeTruthy()
    expect(screen.getByText('This device')).toBeTruthy()
    expect(await screen.findByText('Wrong code')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Sign out all others' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' })
    expect(sent).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(sent).toEqual(['others']))
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull())
  })

  it('lists the passkeys and removes one only after confirming', async () => {
    signedInAs(mock, person())
    const sent = answerSecurity(false)
    renderApp(<SecurityTab />, { path: '/profile' })
    const user = userEvent.setup()
    expect(await screen.findByText('Work laptop')).toBeTruthy()
    expect(screen.getByText('Never')).toBeTruthy()
    // jsdom has no WebAuthn: the page says so instead of offering a button that cannot work.
    expect(screen.getByText('This browser cannot use passkeys.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' })
    expect(sent).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(sent).toEqual(['remove 00000000-0000-4000-8000-0000000000a1']))
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy()
  })

  it('offers no way to turn it off when the organisation requires it', async () => {
    signedInAs(mock, person({ isadmin: true }))
    answerSecurity(true, true)
    renderApp(<SecurityTab />, { path: '/profile' })
    expect(await screen.findByText(/Your organisation requires it, so it cannot be turned off/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull()
  })
})
