import type { Endpoint } from '@daftar/domain/http'
import type { AccessPermissions, ChangeResult } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import type { AnyRegister, ListView, RecordBase } from './define.ts'

// Lists and details are fresh for 5 minutes (docs/product.md, "Constants and limits").
const FRESH = 5 * 60_000

/** A register list's query, as its list-query schema makes it from the address. */
export interface ListParams {
  page: number
  searchQuery: string
  sortBy: string
}

export type ListAnswer<Item> = { totalPages: number; currentPage: number } & Record<string, Item[] | number>

interface KitInput {
  params?: Record<string, string>
  query?: object
  body?: unknown
  ifMatch?: number
  idempotencyKey?: string
  signal?: AbortSignal
}

/**
 * The kit calls the endpoints a register declares, whatever the register: their paths and shapes are
 * checked where each register declares them (`defineRegister`), so here they are taken as given.
 */
const callRegister = call as unknown as <T>(endpoint: Endpoint, input?: KitInput) => Promise<T>

export const registerListQuery = <Item>(register: AnyRegister, view: ListView<unknown>, params: ListParams) =>
  queryOptions({
    queryKey: [register.queryKey, 'list', view.endpoint.path, params],
    queryFn: ({ signal }) => callRegister<ListAnswer<Item>>(view.endpoint, { query: params, signal }),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  })

export const registerDetailQuery = <Detail extends RecordBase>(register: AnyRegister, id: string) =>
  queryOptions({
    queryKey: [register.queryKey, 'detail', id],
    queryFn: ({ signal }) => callRegister<Detail>(register.endpoints.detail, { params: { id }, signal }),
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
    callRegister<ChangeResult>(register.endpoints.create, {
      body: { ...body, accessPermissions },
      idempotencyKey: requestKey,
    }),
  update: (register: AnyRegister, id: string, data: object, version: number, requestKey: string) =>
    callRegister<ChangeResult>(register.endpoints.update, {
      params: { id },
      body: data,
      ifMatch: version,
      idempotencyKey: requestKey,
    }),
}
