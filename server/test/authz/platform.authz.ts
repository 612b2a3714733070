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
