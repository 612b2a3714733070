import type { AccountKind, AccountListQuery, PayableInput, ReceivableInput } from '@daftar/domain/accounts'
import {
  accountsEndpoints,
  type PayableDetail,
  type PayableListItem,
  type PayableSummary,
  payableEndpoints,
  type ReceivableDetail,
  type ReceivableListItem,
  type ReceivableSummary,
  receivableEndpoints,
} from '@daftar/domain/accounts-contract'
import type { ExportFormat } from '@daftar/domain/export-query'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

const FIVE_MINUTES = 5 * 60_000

/** A row of either list, as the API answers it (docs/architecture.md, "One contract"). */
export type DocRow = ReceivableListItem | PayableListItem
/** A document of either kind, as the API answers it. */
export type DocDetail = ReceivableDetail | PayableDetail
export type DocSummary = ReceivableSummary | PayableSummary

/** The list's filters: the list endpoint's own query, as the address keeps it. */
export type AccountFilters = Partial<AccountListQuery>

export const accountsKey = (kind: AccountKind) => ['accounts', kind] as const

/** What a list request sends: the filters without the page (the infinite query pages). */
function listQueryOf(filters: AccountFilters) {
  const { page: _page, ...rest } = filters
  return rest as Record<string, string | undefined>
}

export function listQuery(kind: AccountKind, filters: AccountFilters) {
  const query = listQueryOf(filters)
  return infiniteQueryOptions({
    queryKey: [...accountsKey(kind), 'list', query],
    queryFn: async ({
      pageParam,
      signal,
    }): Promise<{ rows: DocRow[]; currentPage: number; totalPages: number }> => {
      if (kind === 'RECEIVABLE') {
        const r = await call(receivableEndpoints.list, { query: { ...query, page: pageParam }, signal })
        return { rows: r.receivables, currentPage: r.currentPage, totalPages: r.totalPages }
      }
      const r = await call(payableEndpoints.list, { query: { ...query, page: pageParam }, signal })
      return { rows: r.payables, currentPage: r.currentPage, totalPages: r.totalPages }
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    staleTime: FIVE_MINUTES,
  })
}

/** The summary follows the list's filters, except the aging bucket (the strip itself). */
export function summaryQuery(kind: AccountKind, filters: AccountFilters) {
  const { aging: _aging, ...query } = listQueryOf(filters)
  return queryOptions({
    queryKey: [...accountsKey(kind), 'summary', query],
    queryFn: ({ signal }): Promise<DocSummary> =>
      kind === 'RECEIVABLE'
        ? call(receivableEndpoints.summary, { query, signal })
        : call(payableEndpoints.summary, { query, signal }),
    staleTime: FIVE_MINUTES,
  })
}

export function detailQuery(kind: AccountKind, id: string | null) {
  return queryOptions({
    queryKey: [...accountsKey(kind), 'detail', id],
    queryFn: ({ signal }): Promise<DocDetail> =>
      kind === 'RECEIVABLE'
        ? call(receivableEndpoints.detail, { params: { id: id! }, signal })
        : call(payableEndpoints.detail, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    staleTime: FIVE_MINUTES,
  })
}

export const accountsOrganisationQuery = queryOptions({
  queryKey: ['accounts', 'organisation'],
  queryFn: ({ signal }) => call(accountsEndpoints.organisation, { signal }),
  staleTime: 15 * 60_000,
})

/** The form's values: the request body of the kind, under the API's own names. */
export type DocumentBody = ReceivableInput | PayableInput

export const accountsApi = {
  create: (kind: AccountKind, body: DocumentBody, idempotencyKey?: string) =>
    kind === 'RECEIVABLE'
      ? call(receivableEndpoints.create, { body: body as ReceivableInput, idempotencyKey })
      : call(payableEndpoints.create, { body: body as PayableInput, idempotencyKey }),
  update: (kind: AccountKind, id: string, body: DocumentBody, version: number) =>
    kind === 'RECEIVABLE'
      ? call(receivableEndpoints.update, { params: { id }, body: body as ReceivableInput, ifMatch: version })
      : call(payableEndpoints.update, { params: { id }, body: body as PayableInput, ifMatch: version }),
  /** Delete Draft / Delete Permanently: applied only while the document still has the status seen. */
  remove: (kind: AccountKind, id: string, seen: 'DRAFT' | 'CANCELLED') =>
    call(kind === 'RECEIVABLE' ? receivableEndpoints.remove : payableEndpoints.remove, {
      params: { id },
      query: { status: seen },
    }),
  /** Cancel Invoice / Cancel Bill: its own request, so a repeat never deletes. */
  cancel: (kind: AccountKind, id: string) =>
    call(kind === 'RECEIVABLE' ? receivableEndpoints.cancel : payableEndpoints.cancel, { params: { id } }),
  markLive: (kind: AccountKind, id: string) =>
    call(kind === 'RECEIVABLE' ? receivableEndpoints.markLive : payableEndpoints.markLive, {
      params: { id },
    }),
  email: (id: string) => call(receivableEndpoints.email, { params: { id } }),
  deletePayment: (paymentId: string) => call(accountsEndpoints.deletePayment, { params: { id: paymentId } }),
  exportFile: (kind: AccountKind, filters: AccountFilters, format: ExportFormat) => {
    const query = { ...listQueryOf(filters), format }
    return kind === 'RECEIVABLE'
      ? call(receivableEndpoints.export, { query })
      : call(payableEndpoints.export, { query })
  },
}
