import { type Fixtures, type RouteRule, seriesBody } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// The series is the admin's, assigned to the write staff: they see it; only its owner (or an admin) changes it.
export const rules: RouteRule[] = [
  {
    route: 'GET /api/recurring-tasks',
    path: () => '/api/recurring-tasks',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'POST /api/recurring-tasks',
    path: () => '/api/recurring-tasks',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'GET /api/recurring-tasks/:id',
    path: (f) => `/api/recurring-tasks/${f.ids.seriesId}`,
    expect: 'ok hidden ok hidden hidden unauth hidden',
  },
  {
    route: 'PUT /api/recurring-tasks/:id',
    path: (f) => `/api/recurring-tasks/${f.ids.seriesId}`,
    body: (f: Fixtures) => seriesBody(f.org.staff.userId),
    expect: 'ok hidden forbidden hidden hidden unauth hidden',
  },
  {
    route: 'DELETE /api/recurring-tasks/:id',
    path: async (f) => `/api/recurring-tasks/${await f.fresh.series()}`,
    expect: 'ok hidden forbidden hidden hidden unauth hidden',
  },
  {
    route: 'GET /api/tasks/:id/series',
    path: (f) => `/api/tasks/${f.ids.taskId}/series`,
    expect: 'ok hidden ok hidden hidden unauth hidden',
  },
]
