import { REGISTER_PAGE_SIZE } from '@daftar/domain'
import { asc, desc, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import { users } from './identity-schema.ts'
import { totalPages } from './pagination.ts'

/** Who created and who last changed a record: join these two aliases of users. */
export const creator = alias(users, 'creator')
export const updater = alias(users, 'updater')

/** System Information of a record from its row and the two joined usernames. */
export function auditOf(
  record: { createdAt: Date; updatedAt: Date },
  names: { createdBy: string | null; updatedBy: string | null },
) {
  return {
    created_by_username: names.createdBy,
    created_at: record.createdAt.toISOString(),
    updated_by_username: names.updatedBy,
    updated_at: record.updatedAt.toISOString(),
  }
}

/** A field of the first row of a contacts list (the list's contact person). */
export const firstContact = (contacts: AnyPgColumn, field: 'name' | 'phone' | 'email') =>
  sql<string | null>`${contacts}->0->>${field}`

/** The values of a contacts list as text for search; the stored keys ("name", "email") are left out. */
export const contactValues = (contacts: AnyPgColumn): SQL =>
  sql`jsonb_path_query_array(${contacts}, '$[*].*')::text`

/** `lower(column) asc|desc`, for case-insensitive sorts. */
export const lowerSort = (column: AnyPgColumn | SQL, direction: 'asc' | 'desc', nullsLast = false) =>
  sql`lower(${column}) ${sql.raw(direction)}${sql.raw(nullsLast ? ' nulls last' : '')}`

/** A name-like column's two sorts, `<key>_asc` and `<key>_desc`, case-insensitive; ties by id. */
export function sortsByName<const K extends string>(key: K, column: AnyPgColumn, id: AnyPgColumn) {
  return {
    [`${key}_asc`]: [lowerSort(column, 'asc'), asc(id)],
    [`${key}_desc`]: [lowerSort(column, 'desc'), asc(id)],
  } as Record<`${K}_asc` | `${K}_desc`, SQL[]>
}

/** 'Last updated' and 'First added'; ties by id. */
export const sortsByChange = (
  table: { updatedAt: AnyPgColumn; createdAt: AnyPgColumn },
  id: AnyPgColumn,
) => ({
  last_updated: [desc(table.updatedAt), asc(id)],
  first_added: [asc(table.createdAt), asc(id)],
})

/** The window of a register list page. */
export const pageWindow = (page: number) => ({
  limit: REGISTER_PAGE_SIZE,
  offset: (page - 1) * REGISTER_PAGE_SIZE,
})

/** `{ <key>: items, totalPages, currentPage }` from a page of rows and the count of all. */
export function registerPage<K extends string, Row, Item>(
  key: K,
  page: number,
  rows: Row[],
  total: number,
  present: (row: Row) => Item,
) {
  return {
    [key]: rows.map(present),
    totalPages: totalPages(total),
    currentPage: page,
  } as { [P in K]: Item[] } & { totalPages: number; currentPage: number }
}
