import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// Everyone signed in has a home; which sections each role gets is checked in modules/home/home.test.ts.
export const rules: RouteRule[] = [
  {
    route: 'GET /api/home',
    path: () => '/api/home',
    expect: 'ok ok ok ok ok unauth ok',
    restricted: 'ok ok ok ok ok unauth ok',
  },
]
