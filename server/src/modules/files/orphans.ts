import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Deps } from '../../platform/deps.ts'
import { users } from '../../platform/identity-schema.ts'
import { RECEIVABLE_PDF_AREA } from '../accounts/documents.ts'
import { accountInvoices } from '../accounts/schema.ts'
import { projectInvoices } from '../billing/schema.ts'
import { INVOICE_PDF_RULE } from '../billing/service.ts'
import { documents } from '../documents/schema.ts'
import { DOCUMENT_RULE } from '../documents/service.ts'
import { ATTACHMENT_RULE, COMPLETION_RULE } from '../tasks/rules.ts'
import { tasks } from '../tasks/schema.ts'
import { PHOTO_RULE } from '../users/service.ts'

/**
 * The column that names each area's files (a key reads `org/<org>/<area>/<uuid>.<ext>`). An area
 * missing here is never swept: the sweep deletes only what it can prove nobody names.
 */
export const fileOwners: Record<string, PgColumn> = {
  [DOCUMENT_RULE.area]: documents.storageKey,
  [PHOTO_RULE.area]: users.displayPhoto,
  [ATTACHMENT_RULE.area]: tasks.attachment,
  [COMPLETION_RULE.area]: tasks.completionFile,
  [INVOICE_PDF_RULE.area]: projectInvoices.pdfKey,
  [RECEIVABLE_PDF_AREA]: accountInvoices.pdfKey,
}

/** Older than this, an object no row names can no longer be waiting for its row to commit. */
export const ORPHAN_GRACE_MS = 60 * 60_000
const BATCH = 500

/**
 * Deletes the stored files that no row names (docs/scaling.md, "Orphaned files"): an upload whose
 * request died between keeping the file and committing its row. Every key is a fresh random name
 * given at upload, so once the grace has passed nothing can come to name it. Each column is read by
 * its index; harmless if two instances sweep at once. Returns how many files it deleted.
 */
export async function sweepOrphanFiles(deps: Deps, now = new Date()): Promise<number> {
  const byArea = new Map<string, string[]>()
  let deleted = 0
  const flush = async (area: string) => {
    const keys = byArea.get(area) ?? []
    byArea.set(area, [])
    for (const key of await unnamed(deps, fileOwners[area]!, keys)) {
      await deps.storage.delete(key)
      deleted++
    }
  }
  for await (const key of deps.storage.keysOlderThan(new Date(now.getTime() - ORPHAN_GRACE_MS))) {
    const area = key.split('/')[2]!
    if (!fileOwners[area]) continue
    const batch = byArea.get(area) ?? []
    batch.push(key)
    byArea.set(area, batch)
    if (batch.length >= BATCH) await flush(area)
  }
  for (const area of byArea.keys()) await flush(area)
  if (deleted) deps.log.info({ deleted }, 'orphaned files deleted')
  return deleted
}

/** The keys no row of `column` names. */
async function unnamed(deps: Deps, column: PgColumn, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return []
  const named: SQL = sql`exists (select 1 from ${column.table} where ${column} = k)`
  const rows = await deps.db.execute<{ k: string }>(
    sql`select k from unnest(${sql.param(keys)}::text[]) k where not ${named}`,
  )
  return rows.rows.map((r) => r.k)
}
