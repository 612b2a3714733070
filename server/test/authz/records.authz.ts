import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// The approval queue, access lists and documents of register records.
export const rules: RouteRule[] = [
  {
    route: 'GET /api/admin-actions/pending',
    path: () => '/api/admin-actions/pending',
    expect: 'ok ok ok ok ok unauth ok',
  },
  // The write staff made the request: they see it; other staff and organisations do not.
  {
    route: 'GET /api/admin-actions/pending/:id',
    path: (f) => `/api/admin-actions/pending/${f.ids.pendingActionId}`,
    expect: 'ok hidden ok hidden hidden unauth hidden',
  },
  {
    route: 'PUT /api/admin-actions/pending/:id/approve',
    path: async (f) => `/api/admin-actions/pending/${await f.fresh.pendingAction()}/approve`,
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'PUT /api/admin-actions/pending/:id/reject',
    path: async (f) => `/api/admin-actions/pending/${await f.fresh.pendingAction()}/reject`,
    body: { rejection_reason: 'No' },
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'PUT /api/admin-actions/pending/:id',
    path: (f) => `/api/admin-actions/pending/${f.ids.pendingActionId}`,
    body: {},
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'GET /api/access',
    path: (f) => `/api/access?entityType=CLIENT&entityId=${f.ids.clientId}`,
    expect: 'ok no ok ok no unauth no',
  },
  { route: 'POST /api/access', path: () => '/api/access', body: {}, expect: 'ok no no no no unauth no' },
  {
    route: 'PUT /api/access/:id',
    path: async (f) => `/api/access/${await f.fresh.access()}`,
    body: { level: 'READ' },
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'DELETE /api/access/:id',
    path: async (f) => `/api/access/${await f.fresh.access()}`,
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'GET /api/documents',
    path: (f) => `/api/documents?entityType=CLIENT&entityId=${f.ids.clientId}`,
    expect: 'ok no ok ok no unauth no',
  },
  {
    route: 'POST /api/documents',
    path: () => '/api/documents',
    body: {},
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'POST /api/documents/upload',
    path: () => '/api/documents/upload',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'PUT /api/documents/:id',
    path: (f) => `/api/documents/${f.ids.documentId}`,
    body: { name: 'renamed.pdf' },
    expect: 'ok no ok no no unauth no',
  },
  {
    route: 'DELETE /api/documents/:id',
    path: async (f) => `/api/documents/${await f.fresh.document()}`,
    expect: 'ok no ok no no unauth no',
  },
]
