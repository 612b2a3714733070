/** Who is signed in, for component tests: the answer of GET /users/me, and its mock. */
import type { CurrentUser } from '@daftar/domain/users'
import { HttpResponse, http } from 'msw'
import type { SetupServer } from 'msw/node'

export function person(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    user_id: '6a1f7c52-2b5e-4a4e-9e1f-3b0c6a7d9e01',
    username: 'asha',
    full_name: 'Asha Verma',
    designation: null,
    employee_id: null,
    display_photo: null,
    isadmin: false,
    is_accountant: false,
    email: null,
    mobile: null,
    version: 1,
    orgName: 'Demo Industries',
    orgUserLimit: null,
    orgCurrentUserCount: 4,
    can_open_accounts: true,
    ...over,
  }
}

export const admin = () =>
  person({
    user_id: '0d9c1b1e-7c3a-4f6e-8a55-1f2e3d4c5b6a',
    username: 'admin',
    full_name: 'Anil Admin',
    isadmin: true,
  })

/** Answers GET /users/me with this person. */
export function signedInAs(mock: SetupServer, me: CurrentUser) {
  mock.use(http.get('/api/users/me', () => HttpResponse.json(me)))
}
