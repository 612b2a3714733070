import type { AccessPermissions, ChangeResult } from '@daftar/domain'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { AnyRegister, RecordBase } from './define.ts'

// Lists and details are fresh for 5 minutes (docs/product.md, "Constants and limits").
const FRESH = 5 * 60_000

export interface ListParams {
  page: number
  searchQuery: string
  sortBy: string
}

export type ListAnswer<Item> = { totalPages: number; currentPage: number } & Record<string, Item[] | number>

export const registerListQuery = <Item>(register: AnyRegister, view: string, params: ListParams) =>
  queryOptions({
    queryKey: [register.queryKey, 'list', view, params],
    queryFn: ({ signal }) => api<ListAnswer<Item>>(view, { query: { ...params }, signal }),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  })

export const registerDetailQuery = <Detail extends RecordBase>(register: AnyRegister, id: string) =>
  queryOptions({
    queryKey: [register.queryKey, 'detail', id],
    queryFn: ({ signal }) => api<Detail>(`${register.api}/${id}`, { signal }),
    staleTime: FRESH,
  })

/**
 * A key that names one submit of one form: sent as Idempotency-Key, so a double click or a retry after
 * a lost answer makes one request. crypto.randomUUID needs a secure context; getRandomValues does not.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export const registerApi = {
  create: (register: AnyRegister, body: object, accessPermissions: AccessPermissions, requestKey: string) =>
    api<ChangeResult>(register.api, {
      method: 'POST',
      body: { ...body, accessPermissions },
      headers: { 'idempotency-key': requestKey },
    }),
  update: (register: AnyRegister, id: string, data: object, version: number, requestKey: string) =>
    api<ChangeResult>(`${register.api}/${id}`, {
      method: 'PUT',
      body: data,
      headers: { 'if-match': String(version), 'idempotency-key': requestKey },
    }),
}
