import type { Fixtures, RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// The task is the admin's, assigned to the write staff: only the two of them see it.
export const rules: RouteRule[] = [
  { route: 'GET /api/tasks', path: () => '/api/tasks', expect: 'ok ok ok ok ok unauth ok' },
  { route: 'GET /api/tasks/finished', path: () => '/api/tasks/finished', expect: 'ok ok ok ok ok unauth ok' },
  { route: 'GET /api/tasks/deleted', path: () => '/api/tasks/deleted', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'GET /api/tasks/:id',
    path: (f) => `/api/tasks/${f.ids.taskId}`,
    expect: 'ok hidden ok hidden hidden unauth hidden',
  },
  {
    route: 'GET /api/tasks/finished/:id',
    path: (f) => `/api/tasks/finished/${f.ids.taskId}`,
    expect: 'no hidden no hidden hidden unauth hidden',
  },
  {
    route: 'GET /api/tasks/deleted/:id',
    path: (f) => `/api/tasks/deleted/${f.ids.taskId}`,
    expect: 'no hidden no hidden hidden unauth hidden',
  },
  { route: 'POST /api/tasks', path: () => '/api/tasks', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'PUT /api/tasks/:id',
    path: (f) => `/api/tasks/${f.ids.taskId}`,
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'DELETE /api/tasks/:id',
    path: async (f) => `/api/tasks/${await f.fresh.task()}`,
    expect: 'ok hidden no hidden hidden unauth hidden',
  },
  {
    route: 'PUT /api/tasks/:id/complete',
    path: (f) => `/api/tasks/${f.ids.taskId}/complete`,
    expect: 'no hidden ok hidden hidden unauth hidden',
  },
  {
    route: 'PUT /api/tasks/:id/approve',
    path: (f) => `/api/tasks/${f.ids.taskId}/approve`,
    expect: 'ok hidden no hidden hidden unauth hidden',
  },
  {
    route: 'PUT /api/tasks/:id/reject',
    path: (f) => `/api/tasks/${f.ids.taskId}/reject`,
    expect: 'no hidden no hidden hidden unauth hidden',
  },
  {
    route: 'PUT /api/tasks/:id/forward',
    path: (f) => `/api/tasks/${f.ids.taskId}/forward`,
    body: (f: Fixtures) => ({ assignTo: f.org.staff2.username }),
    expect: 'no hidden ok hidden hidden unauth hidden',
  },
  { route: 'POST /api/comments', path: () => '/api/comments', body: {}, expect: 'ok ok ok ok ok unauth ok' },
  { route: 'GET /api/announcements', path: () => '/api/announcements', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'GET /api/announcements/:id',
    path: (f) => `/api/announcements/${f.ids.announcementId}`,
    expect: 'ok ok ok ok ok unauth hidden',
  },
  {
    route: 'POST /api/announcements',
    path: () => '/api/announcements',
    body: {},
    expect: 'ok no no no no unauth ok',
  },
  {
    route: 'PUT /api/announcements/:id',
    path: (f) => `/api/announcements/${f.ids.announcementId}`,
    body: { title: 'T', content: 'C' },
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'DELETE /api/announcements/:id',
    path: async (f) => `/api/announcements/${await f.fresh.announcement()}`,
    expect: 'ok no no no no unauth no',
  },
]
