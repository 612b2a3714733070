import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
export const rules: RouteRule[] = [
  { route: 'GET /api/users', path: () => '/api/users', expect: 'ok ok ok ok ok unauth ok' },
  { route: 'GET /api/users/me', path: () => '/api/users/me', expect: 'ok ok ok ok ok unauth ok' },
  // Only one's own profile: the read staff's id is someone else's for all but them.
  {
    route: 'PUT /api/users/:id',
    path: (f) => `/api/users/${f.org.staff2.userId}`,
    body: { full_name: 'Tara Staff' },
    expect: 'no no no ok no unauth no',
  },
  {
    route: 'PUT /api/users/:id/change-password',
    path: (f) => `/api/users/${f.org.staff2.userId}/change-password`,
    body: {},
    expect: 'no no no no no unauth no',
  },
  { route: 'GET /api/categories', path: () => '/api/categories', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'POST /api/categories',
    path: () => '/api/categories',
    body: {},
    expect: 'ok no no no no unauth ok',
  },
  {
    route: 'PUT /api/categories/:id',
    path: (f) => `/api/categories/${f.ids.categoryId}`,
    body: { category_name: 'Renamed', category_color: '#1e88e5' },
    expect: 'ok forbidden forbidden forbidden forbidden unauth no',
  },
  {
    route: 'DELETE /api/categories/:id',
    path: async (f) => `/api/categories/${await f.fresh.category()}`,
    expect: 'ok forbidden forbidden forbidden forbidden unauth no',
  },
  { route: 'GET /api/notifications', path: () => '/api/notifications', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'GET /api/notifications/unread-count',
    path: () => '/api/notifications/unread-count',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'PUT /api/notifications/read-all',
    path: () => '/api/notifications/read-all',
    expect: 'ok ok ok ok ok unauth ok',
  },
  // The admin's own notification: anyone else's attempt names nothing.
  {
    route: 'PUT /api/notifications/:id/read',
    path: (f) => `/api/notifications/${f.ids.adminNotificationId}/read`,
    expect: 'ok hidden hidden hidden hidden unauth hidden',
  },
  // Always the caller's own preferences: the path names no user, so nobody can reach another's.
  {
    route: 'GET /api/users/me/notification-preferences',
    path: () => '/api/users/me/notification-preferences',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'PUT /api/users/me/notification-preferences',
    path: () => '/api/users/me/notification-preferences',
    body: { preferences: [{ type: 'TASK_CC', in_app: true, push: false, email: true }], daily_digest: true },
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'GET /api/notifications/vapid-public-key',
    path: () => '/api/notifications/vapid-public-key',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'POST /api/notifications/subscribe',
    path: () => '/api/notifications/subscribe',
    body: {},
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    path: () => '/api/notifications/unsubscribe',
    body: { endpoint: 'https://push.example/x' },
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'GET /api/admin/settings',
    path: () => '/api/admin/settings',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  {
    route: 'GET /api/admin/users',
    path: () => '/api/admin/users',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  {
    route: 'PUT /api/admin/organisation',
    path: () => '/api/admin/organisation',
    body: {},
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  // The organisation's payment reminder settings (docs/decisions.md, "Payment reminders").
  {
    route: 'GET /api/admin/payment-reminders',
    path: () => '/api/admin/payment-reminders',
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  {
    route: 'PUT /api/admin/payment-reminders',
    path: () => '/api/admin/payment-reminders',
    body: {},
    expect: 'ok forbidden forbidden forbidden forbidden unauth ok',
  },
  {
    route: 'PUT /api/admin/users/:id',
    path: (f) => `/api/admin/users/${f.people.none.userId}`,
    body: { is_accountant: false },
    expect: 'ok forbidden forbidden forbidden forbidden unauth hidden',
  },
]
