import type { AccountKind, AccountStatus, AgingBucket, PaymentMode } from '@daftar/domain/accounts'
import type {
  AccountsOrganisation,
  Aging,
  PayableDetail,
  PayableList,
  PayableListItem,
  PayableSummary,
  PaymentResult,
  ReceivableDetail,
  ReceivableList,
  ReceivableListItem,
  ReceivableSummary,
  StoredLineItem,
} from '@daftar/domain/accounts-contract'
import type { GstType } from '@daftar/domain/gst'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { ApiError, api, refreshAccessToken, serverError, transportMessages } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import type { KindConfig } from './kinds.ts'

const FIVE_MINUTES = 5 * 60_000

/** The list's filters, as the address keeps them. */
export interface AccountFilters {
  startDate: string
  endDate: string
  status: AccountStatus | ''
  sortBy: string
  searchQuery: string
  aging: AgingBucket | ''
}

/** A row of either list, in the shape the screens share. */
export interface DocRow {
  id: string
  partyId: string
  partyName: string
  number: string
  date: string
  status: AccountStatus
  projectId: string | null
  projectName: string | null
  dueDate: string | null
  total: number
  paid: number
  due: number
  version: number
}

export interface DocDetail extends DocRow {
  partyGstin: string | null
  description: string | null
  lines: StoredLineItem[]
  gstType: GstType
  isRcm: boolean
  subtotal: number
  cgst: number
  sgst: number
  igst: number
  roundOff: number
  pdfKey: string | null
  payments: ReceivableDetail['payment_details']
  createdBy: string | null
  createdAt: string
  updatedBy: string | null
  updatedAt: string
}

export interface DocSummary {
  unpaid: number
  overdue: number
  draftCount: number
  draftTotal: number
  received: number
  aging: Aging
}

const common = (r: ReceivableListItem | PayableListItem) => ({
  status: r.status,
  projectId: r.project_id,
  projectName: r.project_name,
  dueDate: r.due_date,
  total: r.total_amount,
  paid: r.amount_paid,
  due: r.amount_due,
  version: r.version,
})

export function toRow(item: ReceivableListItem | PayableListItem): DocRow {
  return 'receivable_id' in item
    ? {
        id: item.receivable_id,
        partyId: item.client_id,
        partyName: item.client_name,
        number: item.invoice_no,
        date: item.invoice_date,
        ...common(item),
      }
    : {
        id: item.payable_id,
        partyId: item.supplier_id,
        partyName: item.supplier_name,
        number: item.vendor_invoice_no,
        date: item.bill_date,
        ...common(item),
      }
}

function toDetail(d: ReceivableDetail | PayableDetail): DocDetail {
  const receivable = 'receivable_id' in d
  return {
    ...toRow(d as ReceivableListItem | PayableListItem),
    partyGstin: receivable ? d.client_gstin : (d as PayableDetail).supplier_gstin,
    description: d.description,
    lines: d.line_items,
    gstType: d.gst_type,
    isRcm: d.is_rcm,
    subtotal: d.subtotal,
    cgst: d.cgst_amount,
    sgst: d.sgst_amount,
    igst: d.igst_amount,
    roundOff: d.round_off,
    pdfKey: receivable ? d.invoice_pdf_s3_key : null,
    payments: d.payment_details,
    createdBy: d.created_by_username,
    createdAt: d.created_at,
    updatedBy: d.updated_by_username,
    updatedAt: d.updated_at,
  }
}

const filterQuery = (f: AccountFilters) => ({
  startDate: f.startDate,
  endDate: f.endDate,
  status: f.status,
  sortBy: f.sortBy,
  searchQuery: f.searchQuery,
  aging: f.aging,
})

export const accountsKey = (kind: AccountKind) => ['accounts', kind] as const

export function listQuery(config: KindConfig, filters: AccountFilters) {
  return infiniteQueryOptions({
    queryKey: [...accountsKey(config.kind), 'list', filters],
    queryFn: async ({ pageParam, signal }) => {
      const res = await api<ReceivableList | PayableList>(config.api, {
        query: { ...filterQuery(filters), page: pageParam },
        signal,
      })
      const items = 'receivables' in res ? res.receivables : res.payables
      return { rows: items.map(toRow), currentPage: res.currentPage, totalPages: res.totalPages }
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    staleTime: FIVE_MINUTES,
  })
}

export function summaryQuery(config: KindConfig, filters: AccountFilters) {
  const { aging: _aging, ...rest } = filters
  return queryOptions({
    queryKey: [...accountsKey(config.kind), 'summary', rest],
    queryFn: async ({ signal }): Promise<DocSummary> => {
      const s = await api<ReceivableSummary | PayableSummary>(`${config.api}/summary`, {
        query: { ...filterQuery(filters), aging: undefined },
        signal,
      })
      return 'totalReceivable' in s
        ? {
            unpaid: s.totalReceivable,
            overdue: s.totalOverdue,
            draftCount: s.draftCount,
            draftTotal: s.draftTotalValue,
            received: s.receivedThisMonth,
            aging: s.aging,
          }
        : {
            unpaid: s.totalPayable,
            overdue: s.totalOverdue,
            draftCount: s.draftCount,
            draftTotal: s.draftTotalValue,
            received: s.paidThisMonth,
            aging: s.aging,
          }
    },
    staleTime: FIVE_MINUTES,
  })
}

export function detailQuery(config: KindConfig, id: string | null) {
  return queryOptions({
    queryKey: [...accountsKey(config.kind), 'detail', id],
    queryFn: async ({ signal }) =>
      toDetail(await api<ReceivableDetail | PayableDetail>(`${config.api}/${id}`, { signal })),
    enabled: Boolean(id),
    staleTime: FIVE_MINUTES,
  })
}

export const accountsOrganisationQuery = queryOptions({
  queryKey: ['accounts', 'organisation'],
  queryFn: ({ signal }) => api<AccountsOrganisation>('/accounts/organisation', { signal }),
  staleTime: 15 * 60_000,
})

/** The body of POST and PUT, with the kind's own field names. */
export interface DocumentForm {
  partyId: string | null
  projectId: string | null
  number: string
  date: string | null
  dueDate: string | null
  description: string
  lines: {
    description: string
    sac_code: string
    qty: number
    unit: string
    rate: number
    gst_rate: number
  }[]
  gstType: GstType
  isRcm: boolean
}

export function toBody(kind: AccountKind, f: DocumentForm) {
  const shared = {
    project_id: f.projectId,
    due_date: f.dueDate,
    description: f.description,
    // A number still being typed (NaN) travels as blank, which the schema drops like any invalid line.
    line_items: f.lines.map((l) => ({
      ...l,
      qty: Number.isFinite(l.qty) ? l.qty : '',
      rate: Number.isFinite(l.rate) ? l.rate : '',
    })),
    gst_type: f.gstType,
    is_rcm: f.isRcm,
  }
  return kind === 'RECEIVABLE'
    ? { client_id: f.partyId ?? '', invoice_no: f.number, invoice_date: f.date ?? '', ...shared }
    : { supplier_id: f.partyId ?? '', vendor_invoice_no: f.number, bill_date: f.date ?? '', ...shared }
}

export interface PaymentFields {
  amount: number | string
  date: string | null
  mode: PaymentMode
  transactionId: string
  notes: string
}

type Message = { message: string }

export const accountsApi = {
  create: (config: KindConfig, form: DocumentForm) =>
    api<Message & Record<string, string>>(config.api, { method: 'POST', body: toBody(config.kind, form) }),
  update: (config: KindConfig, id: string, form: DocumentForm, version: number) =>
    api<Message>(`${config.api}/${id}`, {
      method: 'PUT',
      body: toBody(config.kind, form),
      headers: { 'if-match': String(version) },
    }),
  /** Delete Draft / Delete Permanently: applied only while the document still has the status seen. */
  remove: (config: KindConfig, id: string, seen: 'DRAFT' | 'CANCELLED') =>
    api<Partial<Message>>(`${config.api}/${id}`, { method: 'DELETE', query: { status: seen } }),
  /** Cancel Invoice / Cancel Bill: its own request, so a repeat never deletes. */
  cancel: (config: KindConfig, id: string) => api<Message>(`${config.api}/${id}/cancel`, { method: 'PUT' }),
  markLive: (config: KindConfig, id: string) =>
    api<Message>(`${config.api}/${id}/${config.kind === 'RECEIVABLE' ? 'send' : 'receive'}`, {
      method: 'PUT',
    }),
  email: (id: string) => api<Message>(`/receivables/${id}/email`, { method: 'POST' }),
  /** The key makes a retried request (double click, lost answer) record the payment once. */
  recordPayment: (config: KindConfig, id: string, p: PaymentFields, key: string) =>
    api<PaymentResult>(`${config.api}/${id}/payments`, {
      method: 'POST',
      body: {
        amount_paid_now: p.amount,
        payment_date: p.date ?? '',
        mode: p.mode,
        transaction_id: p.transactionId,
        notes: p.notes,
      },
      headers: { 'idempotency-key': key },
    }),
  updatePayment: (paymentId: string, p: PaymentFields, version: number) =>
    api<PaymentResult>(`/payments/${paymentId}`, {
      method: 'PUT',
      body: {
        amount: p.amount,
        payment_date: p.date ?? '',
        mode: p.mode,
        transaction_id: p.transactionId,
        notes: p.notes,
      },
      headers: { 'if-match': String(version) },
    }),
  deletePayment: (paymentId: string) => api<Message>(`/payments/${paymentId}`, { method: 'DELETE' }),
}

/** The spec's rule for failures: the server's error, else the call's default; no answer at all says so. */
export function failureText(error: unknown, fallback: string): string {
  const text = serverError(error)
  if (text) return text
  if (error instanceof ApiError && error.status === 0) return transportMessages.noResponse
  return fallback
}

/** GET …/export as text (the API client reads JSON only); one refresh on an expired token. */
export async function fetchCsv(
  config: KindConfig,
  filters: AccountFilters,
): Promise<{ blob: Blob; rows: number; name: string }> {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(filterQuery(filters))) if (v) params.set(k, String(v))
  const call = (token: string | null) =>
    fetch(`/api${config.api}/export?${params}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  let res: Response
  try {
    res = await call(session.accessToken())
    if (res.status === 401) res = await call(await refreshAccessToken())
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(transportMessages.noResponse, 0)
  }
  if (!res.ok) {
    const body = await res.json().catch(() => undefined)
    throw new ApiError(
      typeof body?.error === 'string' ? body.error : transportMessages.requestFailed,
      res.status,
      body,
    )
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv'
  const blob = await res.blob()
  const rows = (await blob.text()).split('\r\n').filter((line) => line.trim()).length - 1
  return { blob, rows, name }
}
