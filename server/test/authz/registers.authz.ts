import type { Fixtures, RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// Every register alike: lists and dropdowns for everyone signed in (each sees its own organisation),
// a record for admins and its access list only, a change from WRITE (queued), never from READ.
function register(base: string, id: (f: Fixtures) => string, update: RouteRule['body']): RouteRule[] {
  return [
    { route: `GET /api/${base}`, path: () => `/api/${base}`, expect: 'ok ok ok ok ok unauth ok' },
    {
      route: `GET /api/${base}/:id`,
      path: (f) => `/api/${base}/${id(f)}`,
      expect: 'ok hidden ok ok hidden unauth hidden',
    },
    { route: `POST /api/${base}`, path: () => `/api/${base}`, body: {}, expect: 'ok ok ok ok ok unauth ok' },
    {
      route: `PUT /api/${base}/:id`,
      path: (f) => `/api/${base}/${id(f)}`,
      body: update,
      expect: 'ok hidden ok forbidden hidden unauth hidden',
    },
  ]
}

const dropdown = (base: string): RouteRule => ({
  route: `GET /api/${base}/dropdown-list`,
  path: () => `/api/${base}/dropdown-list`,
  expect: 'ok ok ok ok ok unauth ok',
})

const ARCHIVE = { archive: true }
const ACTIVATE = { activate: false }

export const rules: RouteRule[] = [
  ...register('clients', (f) => f.ids.clientId, { name: 'Matrix Client' }),
  dropdown('clients'),
  ...register(
    'projects',
    (f) => f.ids.projectId,
    (f: Fixtures) => ({
      name: 'Matrix Project',
      client_id: f.ids.clientId,
      project_type: 'Solar EPC',
      work_order_details: { number: 'WO-1', date: '2024-04-01', total_value: 100000 },
    }),
  ),
  dropdown('projects'),
  {
    route: 'GET /api/projects/archived',
    path: () => '/api/projects/archived',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'PUT /api/projects/:id/archive',
    path: async (f) => `/api/projects/${await f.fresh.project()}/archive`,
    body: ARCHIVE,
    expect: 'ok hidden ok forbidden hidden unauth hidden',
  },
  ...register('suppliers', (f) => f.ids.supplierId, { name: 'Matrix Supplier', product_category: 'Pumps' }),
  dropdown('suppliers'),
  ...register('technical-info', (f) => f.ids.technicalInfoId, { title: 'Matrix Info', keywords: ['ph'] }),
  ...register('assets', (f) => f.ids.assetId, { asset_display_id: 'AST-MATRIX', name: 'Pump' }),
  {
    route: 'GET /api/assets/due-soon',
    path: () => '/api/assets/due-soon',
    expect: 'ok ok ok ok ok unauth ok',
  },
  {
    route: 'GET /api/assets/due-soon/count',
    path: () => '/api/assets/due-soon/count',
    expect: 'ok ok ok ok ok unauth ok',
  },
  ...register('employees', (f) => f.ids.employeeId, {
    full_name: 'Esha',
    employee_official_id: 'EMP-MATRIX',
  }),
  { route: 'GET /api/employees/old', path: () => '/api/employees/old', expect: 'ok ok ok ok ok unauth ok' },
  {
    route: 'GET /api/employees/:id/sensitive',
    path: (f) => `/api/employees/${f.ids.employeeId}/sensitive`,
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'PUT /api/employees/:id/activate',
    path: (f) => `/api/employees/${f.ids.employeeId}/activate`,
    body: ACTIVATE,
    expect: 'ok hidden ok forbidden hidden unauth hidden',
  },
  ...register('collections', (f) => f.ids.collectionId, { name: 'Matrix Collection', description: 'Forms' }),
]
