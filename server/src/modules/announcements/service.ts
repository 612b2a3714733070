import {
  ANNOUNCEMENT_PAGE_SIZE,
  type Announcement,
  type announcementCreateInput,
  announcementMessages,
  type announcementUpdateInput,
} from '@daftar/domain'
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import { totalPages } from '../../platform/pagination.ts'
import { creator } from '../../platform/register-queries.ts'
import { deleteAudited, editVersioned } from '../../platform/versioned-edit.ts'
import { notify } from '../notifications/service.ts'
import { users } from '../users/schema.ts'
import { announcementRecipients, announcements } from './schema.ts'

const a = announcements

/** Admins see every announcement; anyone else the public ones and those they were chosen for. */
export function visibleTo(ctx: RequestContext): SQL | undefined {
  if (ctx.isAdmin) return undefined
  return or(
    eq(a.isPublic, true),
    sql`exists (select 1 from ${announcementRecipients} r where r.announcement_id = ${a.announcementId}
      and r.org_id = ${ctx.orgId} and r.user_id = ${ctx.userId})`,
  )
}

async function present(
  db: DbOrTx,
  ctx: RequestContext,
  rows: { a: typeof a.$inferSelect; author: string | null }[],
) {
  const ids = rows.filter((r) => !r.a.isPublic).map((r) => r.a.announcementId)
  // Who sees a private announcement is for admins to know, in one query for the page.
  const recipients =
    ctx.isAdmin && ids.length
      ? await db
          .select({
            id: announcementRecipients.announcementId,
            userId: users.userId,
            fullName: users.fullName,
            username: users.username,
          })
          .from(announcementRecipients)
          .innerJoin(users, eq(users.userId, announcementRecipients.userId))
          .where(inArray(announcementRecipients.announcementId, ids))
      : []
  return rows.map(
    (r): Announcement => ({
      announcement_id: r.a.announcementId,
      title: r.a.title,
      content: r.a.content,
      is_public: r.a.isPublic,
      created_by_fullname: r.author,
      created_at: r.a.createdAt.toISOString(),
      updated_at: r.a.updatedAt.toISOString(),
      version: r.a.version,
      visible_to: recipients
        .filter((p) => p.id === r.a.announcementId)
        .map((p) => ({ user_id: p.userId, full_name: p.fullName, username: p.username })),
    }),
  )
}

const select = (db: DbOrTx) =>
  db.select({ a, author: creator.fullName }).from(a).leftJoin(creator, eq(creator.userId, a.createdBy))

export async function listAnnouncements(deps: Deps, ctx: RequestContext, page: number) {
  const where = and(eq(a.orgId, ctx.orgId), visibleTo(ctx))
  const [rows, [total]] = await Promise.all([
    select(deps.db)
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.announcementId))
      .limit(ANNOUNCEMENT_PAGE_SIZE)
      .offset((page - 1) * ANNOUNCEMENT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(a).where(where),
  ])
  return {
    announcements: await present(deps.db, ctx, rows),
    totalPages: totalPages(total?.n ?? 0, ANNOUNCEMENT_PAGE_SIZE),
    currentPage: page,
  }
}

export async function getAnnouncement(deps: Deps, ctx: RequestContext, id: string) {
  const rows = await select(deps.db).where(
    and(eq(a.announcementId, id), eq(a.orgId, ctx.orgId), visibleTo(ctx)),
  )
  if (rows.length === 0) throw notFound(announcementMessages.notFound)
  return (await present(deps.db, ctx, rows))[0]!
}

/**
 * An admin's announcement, to everyone or to the selected users, each of whom gets an ANNOUNCEMENT
 * notification (and its push) in the same transaction.
 */
export async function createAnnouncement(
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof announcementCreateInput>,
) {
  requireAdmin(ctx, announcementMessages.adminsOnly)
  const chosen = [...new Set(input.accessPermissions.map((p) => p.user_id))]
  return deps.db.transaction(async (tx) => {
    const audience = await tx
      .select({ id: users.userId })
      .from(users)
      .where(
        and(
          eq(users.orgId, ctx.orgId),
          eq(users.isActive, true),
          input.is_public
            ? ne(users.userId, ctx.userId)
            : inArray(users.userId, chosen.length ? chosen : [ctx.userId]),
        ),
      )
    if (!input.is_public && audience.length !== chosen.length)
      throw badRequest(announcementMessages.selectUsers)
    const [row] = await tx
      .insert(a)
      .values({
        orgId: ctx.orgId,
        title: input.title,
        content: input.content,
        isPublic: input.is_public,
        createdBy: ctx.userId,
      })
      .returning()
    if (!input.is_public)
      await tx
        .insert(announcementRecipients)
        .values(chosen.map((userId) => ({ announcementId: row!.announcementId, userId, orgId: ctx.orgId })))
    await notify(tx, {
      orgId: ctx.orgId,
      userIds: audience.map((u) => u.id),
      type: 'ANNOUNCEMENT',
      message: `New announcement: ${input.title}`,
      link: `/organization/announcements?open=${row!.announcementId}`,
      triggeringUserId: ctx.userId,
    })
    await audit(tx, ctx, {
      action: 'ANNOUNCEMENT_CREATE',
      entityType: 'ANNOUNCEMENT',
      entityId: row!.announcementId,
      after: { title: input.title, is_public: input.is_public, recipients: chosen },
    })
    return { message: announcementMessages.created, announcement_id: row!.announcementId }
  })
}

export async function updateAnnouncement(
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof announcementUpdateInput>,
  version?: number,
) {
  requireAdmin(ctx, announcementMessages.adminsOnly)
  await deps.db.transaction((tx) =>
    editVersioned(tx, ctx, {
      table: a,
      where: and(eq(a.announcementId, id), eq(a.orgId, ctx.orgId)),
      version,
      notFoundMessage: announcementMessages.notFound,
      changes: () => ({ title: input.title, content: input.content }),
      audit: {
        action: 'ANNOUNCEMENT_UPDATE',
        entityType: 'ANNOUNCEMENT',
        entityId: id,
        view: (row) => ({ title: row.title, content: row.content }),
      },
    }),
  )
  return { message: announcementMessages.updated }
}

export async function deleteAnnouncement(deps: Deps, ctx: RequestContext, id: string) {
  requireAdmin(ctx, announcementMessages.adminsOnly)
  await deps.db.transaction((tx) =>
    deleteAudited(tx, ctx, {
      table: a,
      where: and(eq(a.announcementId, id), eq(a.orgId, ctx.orgId)),
      notFoundMessage: announcementMessages.notFound,
      audit: {
        action: 'ANNOUNCEMENT_DELETE',
        entityType: 'ANNOUNCEMENT',
        entityId: id,
        view: (row) => ({ title: row.title, content: row.content, is_public: row.isPublic }),
      },
    }),
  )
  return { message: announcementMessages.deleted }
}
