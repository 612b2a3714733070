import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// Every list's export follows its list (docs/decisions.md, "Exports"): anyone signed in, each seeing
// only the rows the list shows them (checked row by row in server/test/exports.test.ts); 401 without a
// session. Receivables, payables and the activity keep their declarations beside their lists.
const everyone = 'ok ok ok ok ok unauth ok'
const exportOf = (path: string, query = '?format=xlsx'): RouteRule => ({
  route: `GET /api/${path}/export`,
  path: () => `/api/${path}/export${query}`,
  expect: everyone,
})

export const rules: RouteRule[] = [
  exportOf('clients'),
  exportOf('projects', '?format=csv&searchQuery=m'),
  exportOf('projects/archived'),
  exportOf('suppliers'),
  exportOf('assets', '?sortBy=name_desc'),
  exportOf('assets/due-soon'),
  exportOf('employees'),
  exportOf('employees/old', ''),
  exportOf('technical-info'),
  exportOf('collections'),
  exportOf('tasks', '?format=xlsx&view=finished'),
  exportOf('reports'),
]
