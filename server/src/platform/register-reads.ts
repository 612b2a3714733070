import type { EntityType, ExportFormat, ExportSheet, RecordAccess } from '@daftar/domain'
import { and, count, eq, type InferSelectModel, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { FastifyReply } from 'fastify'
import type { DbOrTx } from '../db/connection.ts'
import { prepared } from '../platform/built-once.ts'
import { builtPerShape, callerPlaceholders, callerValues } from './built-once.ts'
import type { RequestContext } from './context.ts'
import type { Deps } from './deps.ts'
import { notFound } from './errors.ts'
import { anyLike, likePattern } from './listing.ts'
import { countAlongside, countOf } from './pagination.ts'
import { auditOf, creator, pageWindow, registerPage, updater } from './register-queries.ts'
import type { RegisterDefinition } from './registers.ts'
import { EXPORT_BATCH, sendExport } from './spreadsheet-export.ts'

/**
 * The access list as register reads need it. It lives in the access module, which `platform/` may not
 * import (docs/architecture.md, "Server"), so the module hands it in.
 */
export interface ReadAccess {
  /** Condition that keeps the rows the caller may see (none for admins). */
  visibleTo(ctx: RequestContext, entityType: EntityType, idColumn: PgColumn): SQL | undefined
  /** The caller's level on one record; answers 404 when the record is missing or not on their list. */
  assertReadable(
    db: DbOrTx,
    ctx: RequestContext,
    register: RegisterDefinition,
    entityId: string,
    notFoundMessage?: string,
  ): Promise<RecordAccess>
}

type ReadTable = PgTable & {
  orgId: AnyPgColumn
  createdBy: AnyPgColumn
  updatedBy: AnyPgColumn
}

/** The page's column that carries the count of the whole list (`countAlongside`). */
const LIST_TOTAL = 'listTotal'

/** What every register detail ends with: System Information, the version to edit and the caller's level. */
export type DetailTail = ReturnType<typeof auditOf> & { version: number; access_level: RecordAccess }

/**
 * A join of a read (an asset's project or person, an employee's linked login): left unless `inner`.
 * The columns of an inner join are never null, so they go in `listColumns`.
 */
export interface ReadJoin {
  table: PgTable
  on: SQL | undefined
  inner?: boolean
}

/** Joins and the fields of left joins they add to a read's rows. */
export interface Joined<E extends SelectedFields> {
  joins: ReadJoin[]
  fields: E
}

/** The fields of a left join: null when no row joined. */
export type LeftJoined<E extends SelectedFields> = {
  [K in keyof SelectResultFields<E>]: SelectResultFields<E>[K] | null
}

export interface RegisterListSpec<
  T extends ReadTable,
  Sort extends string,
  Key extends string,
  ListFields extends SelectedFields,
  ListItem,
  ListJoinFields extends SelectedFields,
> {
  /** The register, with the table its records are read from and their id column. */
  register: RegisterDefinition & { table: T; id: AnyPgColumn }
  access: ReadAccess
  /** The list's own key in its page (`{ clients: […], totalPages, currentPage }`). */
  listKey: Key
  /** Each sort's ORDER BY, ending with the id so that pages never overlap. */
  sorts: Record<Sort, SQL[]>
  /** What the search box matches, any of them, case-insensitively. */
  search: (PgColumn | SQL)[]
  listColumns: ListFields
  /** Joins of the list, in the page and in the count (its search may name their columns). */
  listJoin?: Joined<ListJoinFields>
  toListRow(row: SelectResultFields<ListFields> & LeftJoined<ListJoinFields>): ListItem
  /** The list's export: its file name and the columns the web's table shows (`domain/src/exports.ts`). */
  exportSheet: ExportSheet<ListItem>
}

export interface RegisterReadsSpec<
  T extends ReadTable,
  Sort extends string,
  Key extends string,
  ListFields extends SelectedFields,
  ListItem,
  Detail,
  ListJoinFields extends SelectedFields,
  JoinFields extends SelectedFields,
> extends RegisterListSpec<T, Sort, Key, ListFields, ListItem, ListJoinFields> {
  /** The message of the 404 of a record that is missing or hidden. */
  notFound: string
  /** Joins of the detail besides who created and changed the record. */
  detailJoin?: Joined<JoinFields>
  /** The detail from its row; `tail` goes where the response schema places System Information. */
  toDetail(record: InferSelectModel<T>, tail: DetailTail, joined: LeftJoined<JoinFields>): Detail
}

export interface ListQuery<Sort extends string> {
  page: number
  searchQuery: string
  sortBy: Sort
}

/** An export's query: the list's filters (its page is not read) and the file's format. */
export type ExportQuery<Sort extends string> = Omit<ListQuery<Sort>, 'page'> & { format: ExportFormat }

/**
 * A narrower view of a list (current or old employees, archived projects, assets due soon). `shape`
 * names its condition: the list keeps one statement per shape, so a shape's `where` must always be the
 * same SQL; what changes between calls (a date) goes in it as `sql.placeholder(name)`, filled from
 * `values`.
 */
export interface ListFilter {
  shape: string
  where: SQL
  values?: Record<string, unknown>
}

/** A select with the given joins, in their order. */
function joinAll(query: PgSelect, joins: ReadJoin[] = []): PgSelect {
  let joined = query
  for (const join of joins)
    joined = join.inner ? joined.innerJoin(join.table, join.on) : joined.leftJoin(join.table, join.on)
  return joined
}

/** What changes a list's statement: everything else is a placeholder's value. */
interface ListShape<Sort extends string> {
  isAdmin: boolean
  search: boolean
  sortBy: Sort
  filter?: ListFilter
}

/**
 * A register's list page, from its declaration (docs/architecture.md, "Registers and the approval
 * queue"): the organisation's records the caller may see, searched and sorted, one page of them with
 * the count of all in the same statement, as the task lists and the approval queue read theirs
 * (docs/decisions.md, "The task lists' rows, and counts on the page's statement"). Each shape's
 * statements are built once (platform/built-once.ts).
 */
export function registerList<
  T extends ReadTable,
  Sort extends string,
  Key extends string,
  ListFields extends SelectedFields,
  ListItem,
  ListJoinFields extends SelectedFields = Record<never, never>,
>(spec: RegisterListSpec<T, Sort, Key, ListFields, ListItem, ListJoinFields>) {
  // Drizzle cannot type a select from a table chosen at run time; the spec's own types keep the rows
  // right, so the table is widened here, in this one place.
  const table: PgTable = spec.register.table
  const entityType = spec.register.entityType
  const fields: SelectedFields = { ...spec.listColumns, ...spec.listJoin?.fields }
  type Row = SelectResultFields<ListFields> & LeftJoined<ListJoinFields>
  type CountedRow = Row & { [LIST_TOTAL]: number }

  /** The rows the list shows the caller: the organisation's, on their access list, searched. */
  const statementsOf = builtPerShape(
    (shape: ListShape<Sort>) =>
      `${shape.isAdmin}|${shape.search}|${shape.sortBy}|${shape.filter?.shape ?? ''}`,
    (db: DbOrTx, shape: ListShape<Sort>) => {
      const caller = callerPlaceholders(shape.isAdmin)
      const where = and(
        eq(spec.register.table.orgId, caller.orgId),
        shape.filter?.where,
        spec.access.visibleTo(caller, entityType, spec.register.id),
        shape.search ? anyLike(spec.search, sql.placeholder('pattern')) : undefined,
      )
      const from = (select: PgSelect) => joinAll(select, spec.listJoin?.joins).where(where)
      const counted = () => from(db.select({ n: count() }).from(table).$dynamic())
      const window = (selected: SelectedFields) =>
        from(db.select(selected).from(table).$dynamic())
          .orderBy(...spec.sorts[shape.sortBy])
          .limit(sql.placeholder('limit') as unknown as number)
          .offset(sql.placeholder('offset') as unknown as number)
      const searched = { planEach: shape.search }
      return {
        /** A page with the count of all beside it: one statement, one round trip. */
        page: prepared(window({ ...fields, [LIST_TOTAL]: countAlongside(counted()) }), searched),
        /** The export's batches, which need no count. */
        window: prepared(window(fields), searched),
        /** The count alone, for a page past the last (no row to carry it). */
        total: prepared(counted(), searched),
      }
    },
  )

  const statements = (
    deps: Deps,
    ctx: RequestContext,
    query: Omit<ListQuery<Sort>, 'page'>,
    filter?: ListFilter,
  ) => {
    const search = query.searchQuery !== ''
    const values = {
      ...callerValues(ctx),
      ...(search ? { pattern: likePattern(query.searchQuery) } : {}),
      ...filter?.values,
    }
    return {
      ...statementsOf(deps.db, { isAdmin: ctx.isAdmin, search, sortBy: query.sortBy, filter }),
      values,
    }
  }

  /** Every row of the list, read EXPORT_BATCH at a time in the list's order (which ends with the id). */
  async function* exportRows(deps: Deps, ctx: RequestContext, query: ExportQuery<Sort>, filter?: ListFilter) {
    const { window, values } = statements(deps, ctx, query, filter)
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = (await window.execute({ ...values, limit: EXPORT_BATCH, offset })) as Row[]
      for (const row of rows) yield spec.toListRow(row)
      if (rows.length < EXPORT_BATCH) return
    }
  }

  return {
    /**
     * GET …/export: what the list shows the caller, with its search and sort, as CSV or XLSX
     * (docs/decisions.md, "Exports"); `sheet` names another view's file (archived projects).
     */
    export(
      deps: Deps,
      ctx: RequestContext,
      query: ExportQuery<Sort>,
      reply: FastifyReply,
      filter?: ListFilter,
      sheet: ExportSheet<ListItem> = spec.exportSheet,
    ) {
      return sendExport(reply, { ...sheet, format: query.format, rows: exportRows(deps, ctx, query, filter) })
    },

    /** One page of the list; `filter` narrows it further (current or old, archived or not). */
    async list(deps: Deps, ctx: RequestContext, query: ListQuery<Sort>, filter?: ListFilter) {
      const { page, total, values } = statements(deps, ctx, query, filter)
      const rows = (await page.execute({ ...values, ...pageWindow(query.page) })) as CountedRow[]
      const counted = await countOf(
        rows[0]?.[LIST_TOTAL],
        query.page,
        () => total.execute(values) as Promise<{ n: number }[]>,
      )
      return registerPage(spec.listKey, query.page, rows, counted, (row) => spec.toListRow(row))
    },
  }
}

/** The list page and the detail (readable or 404, System Information, version, level) of a register. */
export function registerReads<
  T extends ReadTable,
  Sort extends string,
  Key extends string,
  ListFields extends SelectedFields,
  ListItem,
  Detail,
  ListJoinFields extends SelectedFields = Record<never, never>,
  JoinFields extends SelectedFields = Record<never, never>,
>(spec: RegisterReadsSpec<T, Sort, Key, ListFields, ListItem, Detail, ListJoinFields, JoinFields>) {
  const table: PgTable = spec.register.table

  return {
    ...registerList(spec),

    async detail(deps: Deps, ctx: RequestContext, entityId: string): Promise<Detail> {
      const access = await spec.access.assertReadable(deps.db, ctx, spec.register, entityId, spec.notFound)
      const join = spec.detailJoin
      const fields = {
        record: table,
        ...join?.fields,
        createdBy: creator.username,
        updatedBy: updater.username,
      }
      const [row] = await joinAll(deps.db.select(fields).from(table).$dynamic(), join?.joins)
        .leftJoin(creator, eq(creator.userId, spec.register.table.createdBy))
        .leftJoin(updater, eq(updater.userId, spec.register.table.updatedBy))
        .where(and(eq(spec.register.id, entityId), eq(spec.register.table.orgId, ctx.orgId)))
      if (!row) throw notFound(spec.notFound)
      const { record, createdBy, updatedBy, ...rest } = row as unknown as {
        record: InferSelectModel<T> & { createdAt: Date; updatedAt: Date; version: number }
        createdBy: string | null
        updatedBy: string | null
      } & LeftJoined<JoinFields>
      const tail: DetailTail = {
        ...auditOf(record, { createdBy, updatedBy }),
        version: record.version,
        access_level: access,
      }
      return spec.toDetail(record, tail, rest as unknown as LeftJoined<JoinFields>)
    },
  }
}

/** A register's list as `registerList` reads it, with the view and the export's file named by the caller. */
interface FilteredList<Query, Page, Sheet> {
  list(deps: Deps, ctx: RequestContext, query: Query, filter?: ListFilter): Page
  export(
    deps: Deps,
    ctx: RequestContext,
    query: Omit<Query, 'page'> & { format: ExportFormat },
    reply: FastifyReply,
    filter?: ListFilter,
    sheet?: Sheet,
  ): unknown
}

/**
 * A register's list split by a flag of its records (current or old employees, archived projects or
 * not): each view's page and its export, whose file `sheetOf` names for the view.
 */
export function listsByFlag<Query, Page, Sheet>(
  reads: FilteredList<Query, Page, Sheet>,
  flag: AnyPgColumn,
  sheetOf: (value: boolean) => Sheet,
) {
  return {
    list: (deps: Deps, ctx: RequestContext, value: boolean, query: Query) =>
      reads.list(deps, ctx, query, flagFilter(flag, value)),
    export: (
      deps: Deps,
      ctx: RequestContext,
      value: boolean,
      query: Omit<Query, 'page'> & { format: ExportFormat },
      reply: FastifyReply,
    ) => reads.export(deps, ctx, query, reply, flagFilter(flag, value), sheetOf(value)),
  }
}

/** The view of a list whose records have `flag` set to `value`. */
export const flagFilter = (flag: AnyPgColumn, value: boolean): ListFilter => ({
  shape: `${flag.name}=${value}`,
  where: eq(flag, value),
})

/**
 * A register's picker: every record of the organisation, by name (case-insensitive). Pickers list
 * them all, whatever the access lists (docs/product.md, "Who may use what").
 */
export function registerOptions<F extends SelectedFields>(table: ReadTable, fields: F, name: AnyPgColumn) {
  const from: PgTable = table
  return (deps: Deps, ctx: RequestContext) =>
    deps.db
      .select(fields)
      .from(from)
      .where(eq(table.orgId, ctx.orgId))
      .orderBy(sql`lower(${name})`) as unknown as Promise<SelectResultFields<F>[]>
}
