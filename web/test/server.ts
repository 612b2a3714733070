/** A mock API for component tests (MSW): handlers answer the app's real `/api/...` requests. */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

export const api = setupServer()

/** Starts the mock API for this test file; unknown requests fail the test. */
export function startMockApi() {
  beforeAll(() => api.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => api.resetHandlers())
  afterAll(() => api.close())
  return api
}
