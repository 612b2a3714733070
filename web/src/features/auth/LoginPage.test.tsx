import { messages } from '@daftar/domain/auth'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { session } from '../../api/session.ts'
import { SESSION_EXPIRED_KEY, SESSION_EXPIRED_MESSAGE } from '../../ui/drafts.ts'
import LoginPage from './LoginPage.tsx'

const mock = startMockApi()
// Mantine's inputs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 5000 }
const user = userEvent.setup({ delay: null })

/** Answers POST /api/auth/<path> with `answer` and records what was sent. */
function answer(path: string, reply: () => Response | Promise<Response>) {
  const sent: unknown[] = []
  mock.use(
    http.post(`/api/auth/${path}`, async ({ request }) => {
      sent.push(await request.json())
      return reply()
    }),
  )
  return sent
}

const tokens = { accessToken: 'access', refreshToken: 'refresh' }
const password = () => screen.getByLabelText(/^Password/)

describe('sign in', () => {
  it("says the spec's sentence for refused credentials, and sends a double click once", async () => {
    const sent = answer('login', async () => {
      await delay(30)
      return HttpResponse.json({ error: 'Invalid credentials.' }, { status: 401 })
    })
    renderApp(<LoginPage />, { path: '/login' })
    await user.type(screen.getByLabelText(/^Email or Mobile/), '  asha@example.com ')
    await user.type(password(), 'wrong-one')
    const login = screen.getByRole('button', { name: 'Login' })
    fireEvent.click(login)
    fireEvent.click(login)
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'Login failed. Please check your credentials.',
    )
    expect(sent).toEqual([{ identifier: 'asha@example.com', password: 'wrong-one' }])
  })

  it("says what is missing in the request schema's words, and sends nothing", async () => {
    const sent = answer('login', () => HttpResponse.json(tokens))
    renderApp(<LoginPage />, { path: '/login' })
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText(messages.identifierRequired, undefined, slow)).toBeTruthy()
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('says the session has expired until the user signs in again, a reload of the page included', async () => {
    sessionStorage.setItem(SESSION_EXPIRED_KEY, '1')
    const first = renderApp(<LoginPage />, { path: '/login' })
    expect(screen.getByRole('status').textContent).toBe(SESSION_EXPIRED_MESSAGE)
    first.unmount()
    renderApp(<LoginPage />, { path: '/login' })
    expect(screen.getByRole('status').textContent).toBe(SESSION_EXPIRED_MESSAGE)

    answer('login', () => HttpResponse.json(tokens))
    await user.type(screen.getByLabelText(/^Email or Mobile/), 'asha@example.com')
    await user.type(password(), 'Demo@1234{Enter}')
    await waitFor(() => expect(session.accessToken()).toBe('access'), slow)
    expect(sessionStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull()
  })
})

async function openForgotPassword() {
  renderApp(<LoginPage />, { path: '/login' })
  await user.click(screen.getByRole('button', { name: 'Forgot Password?' }))
  await screen.findByRole('heading', { name: 'Forgot Password' }, slow)
}

async function sendCode(identifier = 'asha@example.com') {
  const sent = answer('forgot-password', () => HttpResponse.json({ message: messages.otpSent }))
  await user.type(screen.getByLabelText(/^Email or Mobile/), identifier)
  await user.click(screen.getByRole('button', { name: 'Send OTP' }))
  await screen.findByRole('heading', { name: 'Verify OTP & Reset' }, slow)
  return sent
}

describe('Forgot Password', () => {
  it('says once where the code went, and gives the OTP a show/hide toggle like both passwords', async () => {
    await openForgotPassword()
    expect(await sendCode()).toEqual([{ identifier: 'asha@example.com' }])
    expect(screen.getAllByText(/6-digit code|OTP has been sent/)).toHaveLength(1)
    expect(screen.getByText(/We sent a 6-digit code to asha@example\.com\./)).toBeTruthy()
    const otp = screen.getByLabelText(/^OTP/) as HTMLInputElement
    expect(otp.type).toBe('password')
    await user.click(screen.getByRole('button', { name: 'Show or hide the code' }))
    expect(otp.type).toBe('text')
    expect(screen.getAllByRole('button', { name: 'Toggle password visibility' })).toHaveLength(2)
  })

  it("refuses mismatched passwords before sending, shows the server's refusal, then Password Reset", async () => {
    await openForgotPassword()
    await sendCode()
    let refuse = true
    const sent = answer('reset-password', () =>
      refuse
        ? HttpResponse.json({ error: messages.otpInvalid }, { status: 400 })
        : HttpResponse.json({ message: messages.passwordReset }),
    )
    await user.type(screen.getByLabelText(/^OTP/), '12 34 56')
    await user.type(screen.getByLabelText(/^New Password/), 'fresh-pass-1')
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'fresh-pass-2')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(messages.passwordsDoNotMatch)
    expect(sent).toEqual([])

    await user.clear(screen.getByLabelText(/^Confirm New Password/))
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'fresh-pass-1')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(messages.otpInvalid)
    refuse = false
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByRole('heading', { name: 'Password Reset' }, slow)).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(messages.passwordReset)
    expect(sent).toEqual([
      { identifier: 'asha@example.com', otp: '123456', newPassword: 'fresh-pass-1' },
      { identifier: 'asha@example.com', otp: '123456', newPassword: 'fresh-pass-1' },
    ])
  })

  it("says 'An error occurred while sending OTP.' when nothing answers", async () => {
    await openForgotPassword()
    mock.use(http.post('/api/auth/forgot-password', () => HttpResponse.error()))
    await user.type(screen.getByLabelText(/^Email or Mobile/), 'asha@example.com')
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'An error occurred while sending OTP.',
    )
  })
})

describe('two-factor sign-in', () => {
  it('asks for the code after a right password, says a refused one, and signs in with a recovery code', async () => {
    session.clear()
    answer('login', () => HttpResponse.json({ twoFactorRequired: true, challengeToken: 'challenge-1' }))
    let tries = 0
    const sent = answer('2fa/verify', () =>
      ++tries === 1
        ? HttpResponse.json({ error: 'The code is incorrect or has already been used.' }, { status: 400 })
        : HttpResponse.json(tokens),
    )
    renderApp(<LoginPage />, { path: '/login' })
    await user.type(screen.getByLabelText(/^Email or Mobile/), 'asha@example.com')
    await user.type(password(), 'right-one')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    const code = await screen.findByLabelText(/^6-digit code/, undefined, slow)
    expect(session.isAuthenticated()).toBe(false)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'The code is incorrect or has already been used.',
    )
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    await user.type(screen.getByLabelText(/^Recovery code/), 'ABCDE-FGHIJ')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(session.accessToken()).toBe('access'))
    expect(sent).toEqual([
      { challengeToken: 'challenge-1', code: '123456' },
      { challengeToken: 'challenge-1', code: 'abcde-fghij' },
    ])
  })

  it('says an expired challenge means signing in again', async () => {
    session.clear()
    answer('login', () => HttpResponse.json({ twoFactorRequired: true, challengeToken: 'old' }))
    answer('2fa/verify', () =>
      HttpResponse.json({ error: 'The sign-in has expired. Please sign in again.' }, { status: 401 }),
    )
    renderApp(<LoginPage />, { path: '/login' })
    await user.type(screen.getByLabelText(/^Email or Mobile/), 'asha@example.com')
    await user.type(password(), 'right-one')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await user.type(await screen.findByLabelText(/^6-digit code/, undefined, slow), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(
      'The sign-in has expired. Please sign in again.',
    )
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect(await screen.findByRole('button', { name: 'Login' }, slow)).toBeTruthy()
  })
})
