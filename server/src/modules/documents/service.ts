import {
  type DocumentItem,
  documentMessages,
  type EntityType,
  fileTooLargeMessage,
  MAX_FILE_BYTES,
} from '@daftar/domain'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import { verifyPassword } from '../../platform/passwords.ts'
import type { RegisterDefinition } from '../../platform/registers.ts'
import { keepUploadsOnlyIf, type UploadedFile } from '../../platform/uploads.ts'
import { assertReadable, assertWritable } from '../access/service.ts'
import { users } from '../users/schema.ts'
import { documents } from './schema.ts'

export const DOCUMENT_RULE = {
  area: 'documents',
  maxBytes: MAX_FILE_BYTES,
  tooLargeMessage: fileTooLargeMessage,
}

function registerOf(deps: Deps, entityType: EntityType): RegisterDefinition {
  const register = deps.registers.get(entityType)
  if (!register) throw notFound()
  return register
}

/** The documents and folders of one record. */
const ofRecord = (orgId: string, entityType: EntityType, entityId: string) =>
  and(eq(documents.orgId, orgId), eq(documents.entityType, entityType), eq(documents.entityId, entityId))

async function assertFolder(
  db: DbOrTx,
  orgId: string,
  entityType: EntityType,
  entityId: string,
  folderId: string | null,
) {
  if (!folderId) return
  const [folder] = await db
    .select({ id: documents.documentId })
    .from(documents)
    .where(
      and(
        eq(documents.documentId, folderId),
        ofRecord(orgId, entityType, entityId),
        eq(documents.isFolder, true),
      ),
    )
  if (!folder) throw notFound(documentMessages.folderNotFound)
}

/** The documents directly in one folder of a record (`null`: its top level). */
const inFolder = (
  orgId: string,
  where: { entityType: EntityType; entityId: string; parentFolderId: string | null },
) =>
  and(
    ofRecord(orgId, where.entityType, where.entityId),
    where.parentFolderId
      ? eq(documents.parentFolderId, where.parentFolderId)
      : isNull(documents.parentFolderId),
  )

const creator = alias(users, 'creator')
const updater = alias(users, 'updater')

function present(row: {
  d: typeof documents.$inferSelect
  cu: string | null
  cf: string | null
  uu: string | null
  uf: string | null
}): DocumentItem {
  return {
    document_id: row.d.documentId,
    name: row.d.name,
    is_folder: row.d.isFolder,
    s3_key: row.d.storageKey,
    file_size: row.d.fileSize,
    created_at: row.d.createdAt.toISOString(),
    updated_at: row.d.updatedAt.toISOString(),
    created_by_username: row.cu,
    created_by_fullname: row.cf,
    updated_by_username: row.uu,
    updated_by_fullname: row.uf,
  }
}

export async function listDocuments(
  deps: Deps,
  ctx: RequestContext,
  query: { entityType: EntityType; entityId: string; parentFolderId: string | null },
) {
  await assertReadable(deps.db, ctx, registerOf(deps, query.entityType), query.entityId)
  await assertFolder(deps.db, ctx.orgId, query.entityType, query.entityId, query.parentFolderId)
  const rows = await deps.db
    .select({
      d: documents,
      cu: creator.username,
      cf: creator.fullName,
      uu: updater.username,
      uf: updater.fullName,
    })
    .from(documents)
    .leftJoin(creator, eq(creator.userId, documents.createdBy))
    .leftJoin(updater, eq(updater.userId, documents.updatedBy))
    .where(inFolder(ctx.orgId, query))
    .orderBy(desc(documents.isFolder), asc(sql`lower(${documents.name})`))
  return rows.map(present)
}

type Place = { entityType: EntityType; entityId: string; parentFolderId: string | null }
type Entry = Pick<typeof documents.$inferInsert, 'name' | 'isFolder' | 'storageKey' | 'fileSize'>

/** A new folder or file in a record's folder, audited on the record; its id. */
async function addEntry(tx: Tx, ctx: RequestContext, place: Place, action: string, entry: Entry) {
  const [row] = await tx
    .insert(documents)
    .values({
      orgId: ctx.orgId,
      entityType: place.entityType,
      entityId: place.entityId,
      parentFolderId: place.parentFolderId,
      ...entry,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .returning({ documentId: documents.documentId })
  const size = entry.isFolder ? {} : { size: entry.fileSize }
  await audit(tx, ctx, {
    action,
    entityType: place.entityType,
    entityId: place.entityId,
    after: { document_id: row!.documentId, name: entry.name, ...size },
  })
  return row!.documentId
}

/** How long an identical folder from the same user counts as a repeat of the first request. */
const REPEAT_WINDOW_SECONDS = 10

export async function createFolder(
  deps: Deps,
  ctx: RequestContext,
  input: { entityType: EntityType; entityId: string; parentFolderId: string | null; folderName: string },
) {
  await assertWritable(deps.db, ctx, registerOf(deps, input.entityType), input.entityId)
  await assertFolder(deps.db, ctx.orgId, input.entityType, input.entityId, input.parentFolderId)
  return deps.db.transaction(async (tx) => {
    // One folder per click: the same folder asked for again by the same user within a few seconds
    // (a double click, a retry after a lost answer) is the one already made. The lock makes the
    // check and the insert one step for concurrent repeats; it names only this folder, so nothing
    // else waits.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`folder:${ctx.orgId}:${ctx.userId}:${input.entityType}:${input.entityId}:${input.parentFolderId ?? ''}:${input.folderName}`}, 0))`,
    )
    const [repeat] = await tx
      .select({ id: documents.documentId })
      .from(documents)
      .where(
        and(
          inFolder(ctx.orgId, input),
          eq(documents.isFolder, true),
          eq(documents.name, input.folderName),
          eq(documents.createdBy, ctx.userId),
          sql`${documents.createdAt} > now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`,
        ),
      )
      .limit(1)
    if (repeat) return { message: documentMessages.folderCreated, document_id: repeat.id }
    const id = await addEntry(tx, ctx, input, 'FOLDER_CREATE', { name: input.folderName, isFolder: true })
    return { message: documentMessages.folderCreated, document_id: id }
  })
}

export async function uploadDocument(
  deps: Deps,
  ctx: RequestContext,
  input: { entityType: EntityType; entityId: string; parentFolderId: string | null },
  file: UploadedFile | undefined,
) {
  return keepUploadsOnlyIf(deps.storage, { file }, async () => {
    await assertWritable(deps.db, ctx, registerOf(deps, input.entityType), input.entityId)
    await assertFolder(deps.db, ctx.orgId, input.entityType, input.entityId, input.parentFolderId)
    if (!file) throw badRequest(documentMessages.fileRequired)
    return deps.db.transaction(async (tx) => {
      const entry = { name: file.fileName, isFolder: false, storageKey: file.key, fileSize: file.size }
      const id = await addEntry(tx, ctx, input, 'FILE_UPLOAD', entry)
      return { message: documentMessages.fileUploaded, document_id: id }
    })
  })
}

async function findDocument(deps: Deps, ctx: RequestContext, documentId: string) {
  const [doc] = await deps.db
    .select()
    .from(documents)
    .where(and(eq(documents.documentId, documentId), eq(documents.orgId, ctx.orgId)))
  if (!doc) throw notFound(documentMessages.notFound)
  return doc
}

export async function renameDocument(deps: Deps, ctx: RequestContext, documentId: string, newName: string) {
  const doc = await findDocument(deps, ctx, documentId)
  await assertWritable(
    deps.db,
    ctx,
    registerOf(deps, doc.entityType),
    doc.entityId,
    documentMessages.notFound,
  )
  if (doc.name === newName) throw badRequest(documentMessages.sameName)
  await deps.db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({ name: newName, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(eq(documents.documentId, documentId))
    await audit(tx, ctx, {
      action: 'DOCUMENT_RENAME',
      entityType: doc.entityType,
      entityId: doc.entityId,
      before: { name: doc.name },
      after: { name: newName },
    })
  })
  return { message: documentMessages.renamed }
}

/** Admins only, confirmed with their own password; a folder goes with everything inside it. */
export async function deleteDocument(deps: Deps, ctx: RequestContext, documentId: string, password: string) {
  requireAdmin(ctx, 'Only administrators can delete documents.')
  const doc = await findDocument(deps, ctx, documentId)
  const [me] = await deps.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.userId, ctx.userId))
  if (!me || !(await verifyPassword(me.hash, password))) throw badRequest(documentMessages.wrongPassword)
  const keys = await deps.db.transaction(async (tx) => {
    const tree = await tx.execute<{ document_id: string; s3_key: string | null }>(sql`
      with recursive tree as (
        select document_id, s3_key from documents where document_id = ${documentId} and org_id = ${ctx.orgId}
        union all
        select d.document_id, d.s3_key from documents d join tree t on d.parent_folder_id = t.document_id
      )
      select document_id, s3_key from tree`)
    const ids = tree.rows.map((r) => r.document_id)
    await tx.delete(documents).where(inArray(documents.documentId, ids))
    await audit(tx, ctx, {
      action: 'DOCUMENT_DELETE',
      entityType: doc.entityType,
      entityId: doc.entityId,
      before: { name: doc.name, is_folder: doc.isFolder, items: ids.length },
    })
    return tree.rows.flatMap((r) => (r.s3_key ? [r.s3_key] : []))
  })
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => {})))
  return { message: documentMessages.deleted }
}

/** A document's file may be read by whoever may read the record it belongs to. */
export function documentFileAccess(deps: Deps) {
  return async (ctx: RequestContext, key: string) => {
    const [doc] = await deps.db
      .select({ entityType: documents.entityType, entityId: documents.entityId, name: documents.name })
      .from(documents)
      .where(and(eq(documents.storageKey, key), eq(documents.orgId, ctx.orgId)))
    if (!doc) return null
    const register = deps.registers.get(doc.entityType)
    if (!register) return null
    try {
      await assertReadable(deps.db, ctx, register, doc.entityId)
      return { fileName: doc.name }
    } catch {
      return null
    }
  }
}
