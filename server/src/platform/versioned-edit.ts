import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../db/connection.ts'
import { audit } from './audit.ts'
import type { RequestContext } from './context.ts'
import { notFound, preconditionFailed } from './errors.ts'

/** A table whose rows carry the `If-Match` version and the time of their last change. */
type VersionedTable = PgTable & { version: AnyPgColumn; updatedAt: AnyPgColumn }

/** What the audit event of an edit or a delete records: the row is shown through `view` (never a secret). */
interface AuditedAs<Row> {
  action: string
  entityType: string
  entityId: string
  view: (row: Row) => unknown
}

export interface VersionedEdit<T extends VersionedTable> {
  table: T
  /** The one row, within the caller's organisation. */
  where: SQL | undefined
  /** The version the client edited (`If-Match`); undefined edits whatever is current. */
  version: number | undefined
  notFoundMessage: string
  /** The columns to set, from the locked row (a check that needs the row may throw here). */
  changes: (before: T['$inferSelect']) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>
  /** What the audit event records of the row before and after. */
  audit: AuditedAs<T['$inferSelect']>
}

/** What a change to a versioned row sets besides its own columns: who made it, when, and the next version. */
export const changedBy = (table: { version: AnyPgColumn }, userId: string) => ({
  updatedBy: userId,
  updatedAt: new Date(),
  version: sql`${table.version} + 1`,
})

/**
 * An edit of one versioned row that is not a register record (a profile, a user's flags, the
 * organisation, a category), made in the caller's transaction: the row is locked, a stale `If-Match`
 * answers 412, the change raises the version, and the audit event holds before and after. Of two
 * edits made on one version exactly one wins, as with register edits (docs/architecture.md,
 * "Concurrency").
 */
export async function editVersioned<T extends VersionedTable>(
  tx: Tx,
  ctx: Pick<RequestContext, 'orgId' | 'userId'>,
  edit: VersionedEdit<T>,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  // Drizzle cannot type a query on a table chosen by the caller; the edit's own types keep it right.
  const table = edit.table as unknown as PgTable & Record<string, AnyPgColumn>
  const [before] = (await tx.select().from(table).where(edit.where).for('update')) as T['$inferSelect'][]
  if (!before) throw notFound(edit.notFoundMessage)
  if (edit.version !== undefined && edit.version !== (before as { version: number }).version)
    throw preconditionFailed()
  const changes = await edit.changes(before)
  const [after] = (await tx
    .update(table)
    .set({ ...changes, updatedAt: new Date(), version: sql`${edit.table.version} + 1` } as never)
    .where(edit.where)
    .returning()) as T['$inferSelect'][]
  const { view, ...event } = edit.audit
  await audit(tx, ctx, { ...event, before: view(before), after: view(after!) })
  return { before, after: after! }
}

/**
 * Deletes one row (of the caller's organisation: `where` says so) in the caller's transaction; none
 * answers 404, and the audit event holds what the row was.
 */
export async function deleteAudited<T extends PgTable>(
  tx: Tx,
  ctx: Pick<RequestContext, 'orgId' | 'userId'>,
  removal: { table: T; where: SQL | undefined; notFoundMessage: string; audit: AuditedAs<T['$inferSelect']> },
): Promise<void> {
  const [row] = (await tx.delete(removal.table).where(removal.where).returning()) as T['$inferSelect'][]
  if (!row) throw notFound(removal.notFoundMessage)
  const { view, ...event } = removal.audit
  await audit(tx, ctx, { ...event, before: view(row) })
}
