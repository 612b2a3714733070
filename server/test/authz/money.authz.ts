import type { RouteRule } from './fixtures.ts'

// Outcomes: admin accountant write read none anon foreign (see fixtures.ts).
// Project billing follows the project's access list. Accounts follow the organisation's 'Who can open
// Accounts': everyone (the default, `expect`) or admins and accountants only (`restricted`); payments,
// mailing, cancelling and deleting keep their own roles under both.
const accounts = (
  route: string,
  path: RouteRule['path'],
  [expect, restricted]: readonly [string, string],
  body?: unknown,
): RouteRule => ({ route, path, expect, restricted, body })
const readAll = ['ok ok ok ok ok unauth ok', 'ok ok forbidden forbidden forbidden unauth ok'] as const
const readOne = ['ok ok ok ok ok unauth hidden', 'ok ok forbidden forbidden forbidden unauth hidden'] as const
const writeOne = ['ok ok ok ok ok unauth no', 'ok ok forbidden forbidden forbidden unauth no'] as const
const accountantOnly = [
  'ok ok forbidden forbidden forbidden unauth no',
  'ok ok forbidden forbidden forbidden unauth no',
] as const
const adminOnly = [
  'ok forbidden forbidden forbidden forbidden unauth hidden',
  'ok forbidden forbidden forbidden forbidden unauth hidden',
] as const
const adminOnlyWrite = [
  'ok no forbidden forbidden forbidden unauth no',
  'ok no forbidden forbidden forbidden unauth no',
] as const

export const rules: RouteRule[] = [
  {
    route: 'GET /api/billing/project/:id',
    path: (f) => `/api/billing/project/${f.ids.projectId}`,
    expect: 'ok hidden ok ok hidden unauth hidden',
  },
  {
    route: 'POST /api/billing/project/:id',
    path: (f) => `/api/billing/project/${f.ids.projectId}`,
    expect: 'ok no ok no no unauth no',
  },
  {
    route: 'PUT /api/billing/invoice/:id',
    path: (f) => `/api/billing/invoice/${f.ids.billingInvoiceId}`,
    body: {},
    expect: 'ok no ok no no unauth no',
  },
  {
    route: 'PUT /api/billing/invoice/:id/status',
    path: (f) => `/api/billing/invoice/${f.ids.billingInvoiceId}/status`,
    body: { status: 'PENDING' },
    expect: 'ok no no no no unauth no',
  },
  {
    route: 'DELETE /api/billing/invoice/:id',
    path: async (f) => `/api/billing/invoice/${await f.fresh.billingInvoice()}`,
    body: { password: 'wrong-one' },
    expect: 'ok no no no no unauth no',
  },
  accounts('GET /api/accounts/organisation', () => '/api/accounts/organisation', readAll),
  ...(['receivables', 'payables'] as const).flatMap((kind): RouteRule[] => {
    const id = (f: Parameters<RouteRule['path']>[0]) =>
      kind === 'receivables' ? f.ids.receivableId : f.ids.payableId
    const fresh = (f: Parameters<RouteRule['path']>[0]) =>
      kind === 'receivables' ? f.fresh.receivable() : f.fresh.payable()
    const move = kind === 'receivables' ? 'send' : 'receive'
    return [
      accounts(`GET /api/${kind}`, () => `/api/${kind}`, readAll),
      accounts(`GET /api/${kind}/summary`, () => `/api/${kind}/summary`, readAll),
      accounts(`GET /api/${kind}/export`, () => `/api/${kind}/export?format=xlsx`, readAll),
      accounts(`GET /api/${kind}/:id`, (f) => `/api/${kind}/${id(f)}`, readOne),
      accounts(`POST /api/${kind}`, () => `/api/${kind}`, readAll, {}),
      accounts(`PUT /api/${kind}/:id`, (f) => `/api/${kind}/${id(f)}`, writeOne, {}),
      accounts(`DELETE /api/${kind}/:id`, async (f) => `/api/${kind}/${await fresh(f)}`, adminOnly),
      accounts(
        `PUT /api/${kind}/:id/cancel`,
        async (f) => `/api/${kind}/${await fresh(f)}/cancel`,
        adminOnly,
      ),
      accounts(
        `PUT /api/${kind}/:id/${move}`,
        async (f) => `/api/${kind}/${await fresh(f)}/${move}`,
        readOne,
      ),
      accounts(`POST /api/${kind}/:id/payments`, (f) => `/api/${kind}/${id(f)}/payments`, accountantOnly, {}),
    ]
  }),
  accounts(
    'POST /api/receivables/:id/email',
    (f) => `/api/receivables/${f.ids.receivableId}/email`,
    accountantOnly,
  ),
  accounts(
    'POST /api/receivables/:id/remind',
    (f) => `/api/receivables/${f.ids.receivableId}/remind`,
    accountantOnly,
  ),
  accounts(
    'PUT /api/receivables/:id/do-not-remind',
    (f) => `/api/receivables/${f.ids.receivableId}/do-not-remind`,
    accountantOnly,
    { do_not_remind: false },
  ),
  // GSTR-1: admins and accountants, whatever 'Who can open Accounts' says.
  accounts('GET /api/gst/gstr1/summary', () => '/api/gst/gstr1/summary?period=2026-10', [
    'ok ok forbidden forbidden forbidden unauth ok',
    'ok ok forbidden forbidden forbidden unauth ok',
  ]),
  accounts('GET /api/gst/gstr1', () => '/api/gst/gstr1?period=2026-10', [
    'ok ok forbidden forbidden forbidden unauth ok',
    'ok ok forbidden forbidden forbidden unauth ok',
  ]),
  {
    ...accounts('GET /api/gst/gstr1', () => '/api/gst/gstr1?period=2026-10&format=xlsx', [
      'ok ok forbidden forbidden forbidden unauth ok',
      'ok ok forbidden forbidden forbidden unauth ok',
    ]),
    variant: 'format=xlsx',
  },
  accounts('PUT /api/payments/:id', (f) => `/api/payments/${f.ids.paymentId}`, adminOnlyWrite, {}),
  accounts('DELETE /api/payments/:id', async (f) => `/api/payments/${await f.fresh.payment()}`, adminOnly),
]
