import { operationsBody } from '../report-helpers.ts'
import type { Fixtures, RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// The report is sent by the WRITE staff (its sender) to the READ staff (its recipient): they and the
// admins see it; feedback and closing are for the recipient and admins, deleting for admins only.
export const rules: RouteRule[] = [
  { route: 'GET /api/reports', path: () => '/api/reports', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'GET /api/reports/open-count',
    path: () => '/api/reports/open-count',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'GET /api/reports/:id',
    path: (f) => `/api/reports/${f.ids.reportId}`,
    expect: 'ok hidden ok ok hidden unauth hidden',
  },
  {
    route: 'POST /api/reports',
    path: () => '/api/reports',
    // Recipients of this organisation: another organisation's admin cannot send to them.
    body: (f: Fixtures) => operationsBody([f.org.staff2.userId]),
    expect: 'ok ok ok ok ok unauth no',
  },
  {
    route: 'PUT /api/reports/:id/feedback',
    path: (f) => `/api/reports/${f.ids.reportId}/feedback`,
    body: { feedback: 'Noted, thank you.' },
    expect: 'ok hidden forbidden ok hidden unauth hidden',
  },
  {
    route: 'PUT /api/reports/:id/status',
    path: async (f) => `/api/reports/${await f.fresh.report()}/status`,
    body: { status: 'CLOSED' },
    expect: 'ok hidden forbidden ok hidden unauth hidden',
  },
  {
    route: 'DELETE /api/reports/:id',
    path: async (f) => `/api/reports/${await f.fresh.report()}`,
    // The role is checked before the report is looked up, so a 403 tells a stranger nothing.
    expect: 'ok forbidden forbidden forbidden forbidden unauth hidden',
  },
]
