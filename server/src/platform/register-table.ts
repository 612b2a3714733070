import { type EntityType, recordPath } from '@daftar/domain'
import { and, eq, getTableColumns, type InferSelectModel, ne, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { DbOrTx, Tx } from '../db/connection.ts'
import { conflict, isUniqueViolation } from './errors.ts'
import type { ApplyContext, RegisterDefinition, StateAction } from './registers.ts'
import { versionIs } from './registers.ts'
import { changedBy } from './versioned-edit.ts'

type RegisterTable = PgTable & {
  orgId: AnyPgColumn
  version: AnyPgColumn
  updatedAt: AnyPgColumn
}

/**
 * A register stored in one table, declared by how its data maps to the table's columns and back; the
 * factory writes the rest of its RegisterDefinition (existence, current data, create, guarded update
 * and state changes), so that every register behaves the same in the approval queue.
 */
export interface TableRegisterSpec<T extends RegisterTable, Data extends Record<string, unknown>> {
  entityType: EntityType
  label: string
  schema: z.ZodType<Data>
  table: T
  id: AnyPgColumn
  /** The editable data as the table's columns (insert and update). */
  columns(data: Data): Partial<T['$inferInsert']>
  /** A row back as the editable data; state flags may be added so that state requests read as changes. */
  data(row: InferSelectModel<T>): Data
  describe(data: Data): string
  displayId?(row: InferSelectModel<T>): string | null
  validate?: RegisterDefinition<Data>['validate']
  stateActions?: readonly StateAction[]
  /** The columns a state action sets (e.g. `{ isArchived: true }`). */
  stateColumns?(action: StateAction): Partial<T['$inferInsert']>
  /** Columns set once, when the record is created (e.g. the 1 of CL-0001). */
  onCreate?(tx: Tx, ctx: ApplyContext, data: Data): Promise<Partial<T['$inferInsert']>>
  /** More work in the creating transaction, once the row exists. */
  afterCreate?(tx: Tx, ctx: ApplyContext, id: string, data: Data): Promise<void>
  /** More work in the transaction of an applied state change. */
  afterStateChange?(tx: Tx, ctx: ApplyContext, id: string, action: StateAction): Promise<void>
  /** Messages for the table's unique indexes, by index name (an Asset ID taken meanwhile …). */
  conflicts?: Record<string, string>
  createInput?: RegisterDefinition<Data>['createInput']
  prepareCreate?: RegisterDefinition<Data>['prepareCreate']
  redact?: RegisterDefinition<Data>['redact']
}

/** A register stored in one table, which its reads (`register-reads.ts`) select from. */
export type TableRegister<
  T extends PgTable,
  Data extends Record<string, unknown>,
> = RegisterDefinition<Data> & {
  table: T
  id: AnyPgColumn
}

export function tableRegister<T extends RegisterTable, Data extends Record<string, unknown>>(
  spec: TableRegisterSpec<T, Data>,
): TableRegister<T, Data> {
  // Drizzle cannot type inserts and updates on a table chosen at run time; the spec's own types keep
  // the values right, so the table is widened here, in this one place.
  const table = spec.table as unknown as PgTable & Record<string, AnyPgColumn>
  const byId = (orgId: string, id: string) => and(eq(spec.id, id), eq(spec.table.orgId, orgId))
  const read = async (db: DbOrTx, orgId: string, id: string) => {
    const [row] = await db.select(getTableColumns(table)).from(table).where(byId(orgId, id))
    return row as InferSelectModel<T> | undefined
  }
  const touched = (ctx: ApplyContext) => changedBy(spec.table, ctx.requesterUserId)
  // A unique index broken by a concurrent change answers 409 with the register's own words.
  const unique = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      return await work()
    } catch (error) {
      for (const [index, message] of Object.entries(spec.conflicts ?? {}))
        if (isUniqueViolation(error, index)) throw conflict(message)
      throw error
    }
  }
  const guarded = (tx: Tx, ctx: ApplyContext, id: string, set: object, expected: number | undefined) =>
    unique(async () => {
      const rows = await tx
        .update(table)
        .set({ ...set, ...touched(ctx) } as never)
        .where(and(byId(ctx.orgId, id), versionIs(spec.table.version, expected)))
        .returning({ id: spec.id })
      return rows.length > 0
    })

  return {
    table: spec.table,
    id: spec.id,
    entityType: spec.entityType,
    label: spec.label,
    schema: spec.schema,
    stateActions: spec.stateActions ?? [],
    async exists(db, orgId, id) {
      const [row] = await db.select({ id: spec.id }).from(table).where(byId(orgId, id))
      return Boolean(row)
    },
    async currentData(db, orgId, id) {
      const row = await read(db, orgId, id)
      return row ? { ...spec.data(row), version: (row as { version: number }).version } : null
    },
    displayId: spec.displayId
      ? async (db, orgId, id) => {
          const row = await read(db, orgId, id)
          return row ? spec.displayId!(row) : null
        }
      : undefined,
    validate: spec.validate,
    describe: spec.describe,
    link: (id) => recordPath(spec.entityType, id),
    createInput: spec.createInput,
    prepareCreate: spec.prepareCreate,
    redact: spec.redact,
    async create(tx, ctx, data) {
      const once = (await spec.onCreate?.(tx, ctx, data)) ?? {}
      const [row] = await unique(() =>
        tx
          .insert(table)
          .values({
            ...spec.columns(data),
            ...once,
            orgId: ctx.orgId,
            createdBy: ctx.requesterUserId,
            updatedBy: ctx.requesterUserId,
          } as never)
          .returning({ id: spec.id }),
      )
      const id = (row as { id: string }).id
      await spec.afterCreate?.(tx, ctx, id, data)
      return id
    },
    update: (tx, ctx, id, data, expected) => guarded(tx, ctx, id, spec.columns(data), expected),
    changeState: spec.stateColumns
      ? async (tx, ctx, id, action, expected) => {
          const applied = await guarded(tx, ctx, id, spec.stateColumns!(action), expected)
          if (applied) await spec.afterStateChange?.(tx, ctx, id, action)
          return applied
        }
      : undefined,
  }
}

/**
 * Whether another record of the organisation already holds this identifier (an Asset ID, an
 * employee's official ID), compared case-insensitively; the record being edited is left out.
 */
export async function identifierTaken(
  db: DbOrTx,
  table: RegisterTable,
  id: AnyPgColumn,
  column: AnyPgColumn,
  taken: { orgId: string; value: string; except: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id })
    .from(table)
    .where(
      and(
        eq(table.orgId, taken.orgId),
        sql`lower(${column}) = lower(${taken.value})`,
        taken.except ? ne(id, taken.except) : undefined,
      ),
    )
  return row !== undefined
}
