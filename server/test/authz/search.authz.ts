import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// Everyone signed in may search; what each finds (access lists, tasks, reports, Accounts, the
// organisation) is checked record by record in modules/search/search.test.ts.
export const rules: RouteRule[] = [
  {
    route: 'GET /api/search',
    path: () => '/api/search?q=pump&types=client,supplier,asset,receivable',
    expect: 'ok ok ok ok ok unauth ok',
    restricted: 'ok ok ok ok ok unauth ok',
  },
]
