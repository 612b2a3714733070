import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// A record's History follows its own GET (here a client: admins and its access list); every kind of
// record is checked rule by rule in modules/history/history.test.ts. The activity is the admins'.
export const rules: RouteRule[] = [
  {
    route: 'GET /api/history/:entityType/:id',
    path: (f) => `/api/history/CLIENT/${f.ids.clientId}`,
    expect: 'ok hidden ok ok hidden unauth hidden',
    restricted: 'ok hidden ok ok hidden unauth hidden',
  },
  {
    route: 'GET /api/admin/activity',
    path: () => '/api/admin/activity',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
    restricted: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  {
    route: 'GET /api/admin/activity/export',
    path: () => '/api/admin/activity/export',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
    restricted: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
]
