import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { startMockApi } from '../../test/server.ts'
import { api } from './client.ts'
import { session } from './session.ts'

const mock = startMockApi()

/** Answers 200 to the refreshed token and 401 to any other, after `wait` ms. */
const guarded = (path: string, wait: number) =>
  http.get(`/api/${path}`, async ({ request }) => {
    const fresh = request.headers.get('Authorization') === 'Bearer fresh-access'
    await delay(wait)
    return fresh
      ? HttpResponse.json({ path })
      : HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 })
  })

describe('the transport', () => {
  it('refreshes once when a refused call answers only after the refresh has finished', async () => {
    session.set({ accessToken: 'expired-access', refreshToken: 'live-refresh' })
    const refreshes: string[] = []
    mock.use(
      guarded('fast', 0),
      guarded('slow', 150),
      http.post('/api/auth/refresh-token', async ({ request }) => {
        refreshes.push(((await request.json()) as { refreshToken: string }).refreshToken)
        return HttpResponse.json({ accessToken: 'fresh-access', refreshToken: 'next-refresh' })
      }),
    )
    const answers = await Promise.all([api('/slow'), api('/fast')])
    expect(answers).toEqual([{ path: 'slow' }, { path: 'fast' }])
    expect(refreshes).toEqual(['live-refresh'])
    expect(session.refreshToken()).toBe('next-refresh')
  })
})
