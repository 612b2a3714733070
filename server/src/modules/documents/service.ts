import {
  type DocumentItem,
  documentMessages,
  type EntityType,
  fileTooLargeMessage,
  MAX_FILE_BYTES,
} from '@daftar/domain'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import { confirmOwnPassword } from '../../platform/confirm-password.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import { creator, updater } from '../../platform/register-queries.ts'
import type { RegisterDefinition } from '../../platform/registers.ts'
import { keepUploadsOnlyIf, type UploadedFile } from '../../platform/uploads.ts'
import { assertReadable, assertWritable } from '../access/service.ts'
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

/**
 * The folder must be one of the record's. With `lock`, its row is held (`FOR KEY SHARE`) until the
 * transaction ends, so a folder delete, which locks the folder first, cannot run between this check
 * and the insert of a new entry: the entry lands before the delete (and goes with the tree) or finds
 * the folder gone (docs/decisions.md, "Registers on the new pieces").
 */
async function assertFolder(
  db: DbOrTx,
  orgId: string,
  place: { entityType: EntityType; entityId: string; parentFolderId: string | null },
  lock = false,
) {
  if (!place.parentFolderId) return
  const found = db
    .select({ id: documents.documentId })
    .from(documents)
    .where(
      and(
        eq(documents.documentId, place.parentFolderId),
        ofRecord(orgId, place.entityType, place.entityId),
        eq(documents.isFolder, true),
      ),
    )
  const [folder] = await (lock ? found.for('key share') : found)
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
  await assertFolder(deps.db, ctx.orgId, query)
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
  return deps.db.transaction(async (tx) => {
    // One folder per click: the same folder asked for again by the same user within a few seconds
    // (a double click, a retry after a lost answer) is the one already made. The lock makes the
    // check and the insert one step for concurrent repeats; it names only this folder, so nothing
    // else waits.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`folder:${ctx.orgId}:${ctx.userId}:${input.entityType}:${input.entityId}:${input.parentFolderId ?? ''}:${input.folderName}`}, 0))`,
    )
    await assertFolder(tx, ctx.orgId, input, true)
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
    if (!file) throw badRequest(documentMessages.fileRequired)
    // A folder gone by the time the row is written refuses the upload, and its stored file goes too.
    return deps.db.transaction(async (tx) => {
      await assertFolder(tx, ctx.orgId, input, true)
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
    const renamed = await tx
      .update(documents)
      .set({ name: newName, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(eq(documents.documentId, documentId))
      .returning({ documentId: documents.documentId })
    // A delete that committed since the read above won: the document is gone, and no rename happened.
    if (renamed.length === 0) throw notFound(documentMessages.notFound)
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

type DocumentRow = typeof documents.$inferSelect

/**
 * A document and, for a folder, everything under it, each row locked (`FOR UPDATE`) before its
 * children are read: once a folder is held no entry can enter it (an insert holds its folder `FOR KEY
 * SHARE`, docs/decisions.md, "Registers on the new pieces"), and one already entering has committed,
 * so the next level sees it. Empty when the document is gone (a parallel delete won).
 */
async function lockTree(tx: Tx, orgId: string, documentId: string): Promise<DocumentRow[]> {
  let level = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.documentId, documentId), eq(documents.orgId, orgId)))
    .for('update')
  const tree = [...level]
  while (level.some((d) => d.isFolder)) {
    const folders = level.filter((d) => d.isFolder).map((d) => d.documentId)
    level = await lockChildren(tx, tree[0]!, folders)
    tree.push(...level)
  }
  return tree
}

/** The entries directly in the given folders of one record, each locked (`FOR UPDATE`). */
const lockChildren = (tx: Tx, top: DocumentRow, folders: string[]) =>
  tx
    .select()
    .from(documents)
    .where(and(ofRecord(top.orgId, top.entityType, top.entityId), inArray(documents.parentFolderId, folders)))
    .for('update')

/**
 * Admins only, confirmed with their own password; a folder goes with everything inside it. Of
 * parallel deletes one wins and the rest answer 404, with one History entry and only the files of
 * rows really deleted removed.
 */
export async function deleteDocument(deps: Deps, ctx: RequestContext, documentId: string, password: string) {
  requireAdmin(ctx, 'Only administrators can delete documents.')
  await findDocument(deps, ctx, documentId)
  await confirmOwnPassword(deps, ctx, password, documentMessages.wrongPassword)
  const keys = await deps.db.transaction(async (tx) => {
    const tree = await lockTree(tx, ctx.orgId, documentId)
    const doc = tree[0]
    if (!doc) throw notFound(documentMessages.notFound)
    const ids = tree.map((d) => d.documentId)
    await tx.delete(documents).where(inArray(documents.documentId, ids))
    await audit(tx, ctx, {
      action: 'DOCUMENT_DELETE',
      entityType: doc.entityType,
      entityId: doc.entityId,
      before: { name: doc.name, is_folder: doc.isFolder, items: tree.length },
    })
    return tree.flatMap((d) => (d.storageKey ? [d.storageKey] : []))
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
