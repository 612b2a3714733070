import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts). Importing is for admins
// only; the foreign admin imports into their own organisation, never this one, so 'ok' is theirs.
export const rules: RouteRule[] = [
  {
    route: 'POST /api/import/:register',
    path: () => '/api/import/clients',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  {
    route: 'GET /api/import/:register/template',
    path: () => '/api/import/suppliers/template?format=xlsx',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
]
