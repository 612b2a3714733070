import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
export const rules: RouteRule[] = [
  { route: 'GET /api/openapi.json', path: () => '/api/openapi.json', expect: 'ok ok ok ok ok ok ok' },
  { route: 'GET /api/health', path: () => '/api/health', expect: 'ok ok ok ok ok ok ok' },
  { route: 'GET /api/ready', path: () => '/api/ready', expect: 'ok ok ok ok ok ok ok' },
  // Sign-in routes are public; the matrix sends no valid body, so each answers 400 or 401 alike.
  { route: 'POST /api/auth/login', path: () => '/api/auth/login', expect: 'no no no no no no no' },
  {
    route: 'POST /api/auth/refresh-token',
    path: () => '/api/auth/refresh-token',
    expect: 'no no no no no no no',
  },
  {
    route: 'POST /api/auth/forgot-password',
    path: () => '/api/auth/forgot-password',
    expect: 'no no no no no no no',
  },
  {
    route: 'POST /api/auth/reset-password',
    path: () => '/api/auth/reset-password',
    expect: 'no no no no no no no',
  },
  // The two-factor steps of sign-in carry a challenge token, not a session: without one, refused alike.
  { route: 'POST /api/auth/2fa/verify', path: () => '/api/auth/2fa/verify', expect: 'no no no no no no no' },
  {
    route: 'POST /api/auth/2fa/required-setup',
    path: () => '/api/auth/2fa/required-setup',
    expect: 'no no no no no no no',
  },
  {
    route: 'POST /api/auth/2fa/required-enable',
    path: () => '/api/auth/2fa/required-enable',
    expect: 'no no no no no no no',
  },
  // One's own second factor and sessions: every signed-in user has them, nobody else's are reachable.
  { route: 'GET /api/auth/2fa', path: () => '/api/auth/2fa', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'POST /api/auth/2fa/setup',
    path: () => '/api/auth/2fa/setup',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'POST /api/auth/2fa/enable',
    path: () => '/api/auth/2fa/enable',
    body: { code: '000000' },
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'DELETE /api/auth/2fa',
    path: () => '/api/auth/2fa',
    body: { password: 'not-it', code: '000000' },
    expect: 'ok ok ok ok ok unauth ok',
  },
  { route: 'GET /api/auth/sessions', path: () => '/api/auth/sessions', expect: 'ok ok ok ok ok unauth ok' },
  // A fresh session of the READ staff each time: only they may end it; to anyone else it does not exist.
  {
    route: 'DELETE /api/auth/sessions/:id',
    path: async (f) => `/api/auth/sessions/${await f.spareSession(f.org.staff2)}`,
    expect: 'hidden hidden hidden ok hidden unauth hidden',
  },
  {
    route: 'POST /api/auth/sessions/sign-out-others',
    path: () => '/api/auth/sessions/sign-out-others',
    expect: 'ok ok ok ok ok unauth ok',
  },
  { route: 'GET /api/auth/sign-ins', path: () => '/api/auth/sign-ins', expect: 'ok ok ok ok ok unauth ok' },
  // Passkeys: signing in with one is public (the passkey is the credential); one's own are one's own.
  {
    route: 'POST /api/auth/passkeys/sign-in-options',
    path: () => '/api/auth/passkeys/sign-in-options',
    expect: 'ok ok ok ok ok ok ok',
  },
  {
    route: 'POST /api/auth/passkeys/sign-in',
    path: () => '/api/auth/passkeys/sign-in',
    expect: 'no no no no no no no',
  },
  { route: 'GET /api/auth/passkeys', path: () => '/api/auth/passkeys', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'POST /api/auth/passkeys/registration-options',
    path: () => '/api/auth/passkeys/registration-options',
    body: { password: 'not-it' },
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'POST /api/auth/passkeys',
    path: () => '/api/auth/passkeys',
    expect: 'ok ok ok ok ok unauth ok',
  },
  // A fresh passkey of the READ staff each time: only they may remove it; to anyone else it does not exist.
  {
    route: 'DELETE /api/auth/passkeys/:id',
    path: async (f) => `/api/auth/passkeys/${await f.sparePasskey(f.org.staff2)}`,
    expect: 'hidden hidden hidden ok hidden unauth hidden',
  },
  // Signed URLs carry their own signature: without one the file is refused to anyone.
  {
    route: 'GET /api/files/*',
    path: (f) => `/api/files/org/${f.org.orgId}/documents/x.pdf`,
    expect: 'no no no no no no no',
  },
  {
    route: 'POST /api/auth/logout',
    path: () => '/api/auth/logout',
    body: { option: 'nope' },
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'GET /api/get-presigned-url',
    path: () => '/api/get-presigned-url?key=org/x&bucketType=documents',
    expect: 'no no no no no unauth no',
  },
]
