import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render.tsx'
import { session } from '../api/session.ts'
import { RedirectIfAuthenticated } from '../app/guards.tsx'
import { hasDraft, keepDraft, keepDraftsForExpiredSession } from './drafts.ts'

/** An access token naming `sub`, as the server's JWTs do (the signature is not read here). */
const tokenOf = (sub: string) =>
  `header.${btoa(JSON.stringify({ sub })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`

/** Asha's session expires on /tasks?task=t1 while she writes a comment there. */
function expireWithDraft() {
  session.set({ accessToken: tokenOf('asha-id'), refreshToken: 'refresh-1' })
  window.history.replaceState(null, '', '/tasks?task=t1')
  keepDraft('task:comment:t1', { comment_text: 'Salary advance for Ravi: 42,000' })
  keepDraftsForExpiredSession()
  session.clear()
}

/** Someone signs in on the sign-in page: where the app then sends them. */
function signInAs(sub: string) {
  session.set({ accessToken: tokenOf(sub), refreshToken: 'refresh-2' })
  return renderApp(
    <RedirectIfAuthenticated>
      <p>Sign in</p>
    </RedirectIfAuthenticated>,
    { path: '/login', routes: [{ path: '*', element: <p>Elsewhere</p> }] },
  ).router
}

describe('drafts kept across an expired session', () => {
  it('go back, with the page, to the person who wrote them', async () => {
    expireWithDraft()
    const router = signInAs('asha-id')
    await screen.findByText('Elsewhere')
    expect(router.state.location.pathname + router.state.location.search).toBe('/tasks?task=t1')
    expect(hasDraft('task:comment:t1')).toBe(true)
  })

  it('are dropped when someone else signs in on that tab, who lands on the home page', async () => {
    expireWithDraft()
    const router = signInAs('ravi-id')
    await screen.findByText('Elsewhere')
    expect(router.state.location.pathname).toBe('/')
    expect(hasDraft('task:comment:t1')).toBe(false)
  })
})
