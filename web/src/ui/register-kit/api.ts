import type { AccessPermissions } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import type { ListAnswer, ListParams, ListView, RegisterDeclaration, RegisterTypes } from './define.ts'

// Lists and details are fresh for 5 minutes (docs/product.md, "Constants and limits").
const FRESH = 5 * 60_000

/** The key of one list view's pages: the rows a record leaves are found under it. */
export const registerListKey = <T extends RegisterTypes>(
  register: RegisterDeclaration<T>,
  view: Pick<ListView<T['item']>, 'endpoint'>,
) => [register.queryKey, 'list', view.endpoint.path]

export const registerListQuery = <T extends RegisterTypes>(
  register: RegisterDeclaration<T>,
  view: ListView<T['item']>,
  params: ListParams,
) =>
  queryOptions({
    queryKey: [...registerListKey(register, view), params],
    queryFn: ({ signal }) => call(view.endpoint, { query: params, signal }),
    staleTime: FRESH,
    placeholderData: keepPreviousData,
  })

/** The rows of a list answer: every register list is `pageOf(key, item)`, one list and its paging. */
export function rowsOf<Item>(answer: ListAnswer<Item> | undefined): Item[] | undefined {
  return answer && (Object.values(answer).find(Array.isArray) as Item[] | undefined)
}

/** The answer without the rows `drop` picks, for a record that leaves a list at once. */
export function withoutRows<Item>(answer: ListAnswer<Item>, drop: (row: Item) => boolean): ListAnswer<Item> {
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.filter((r) => !drop(r)) : value,
    ]),
  ) as ListAnswer<Item>
}

export const registerDetailQuery = <T extends RegisterTypes>(register: RegisterDeclaration<T>, id: string) =>
  queryOptions({
    queryKey: [register.queryKey, 'detail', id],
    queryFn: ({ signal }) => call(register.endpoints.detail, { params: { id }, signal }),
    staleTime: FRESH,
  })

export const registerApi = {
  create: <T extends RegisterTypes>(
    register: RegisterDeclaration<T>,
    body: object,
    accessPermissions: AccessPermissions,
    requestKey: string,
  ) =>
    call(register.endpoints.create, {
      body: { ...body, accessPermissions },
      idempotencyKey: requestKey,
    }),
  update: <T extends RegisterTypes>(
    register: RegisterDeclaration<T>,
    id: string,
    data: object,
    version: number,
    requestKey: string,
  ) =>
    call(register.endpoints.update, {
      params: { id },
      body: data,
      ifMatch: version,
      idempotencyKey: requestKey,
    }),
}
