import { TASK_STATUS, type TaskInput, taskMessages } from '@daftar/domain'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, preconditionFailed } from '../../platform/errors.ts'
import { keepUploadsOnlyIf, type UploadedFile } from '../../platform/uploads.ts'
import { everyoneOn, notifyTask, type TaskEvent } from './notices.ts'
import { loadPeople } from './people.ts'
import { getTask } from './queries.ts'
import { ACTIVE, assertAllowed, loadForAction, resolveTaskFields, type TaskRow } from './rules.ts'
import { comments, tasks } from './schema.ts'

/** Deletes stored files once the transaction that dropped them has committed. */
async function deleteFiles(deps: Deps, keys: (string | null)[]) {
  await Promise.all(keys.map((key) => (key ? deps.storage.delete(key).catch(() => {}) : undefined)))
}

/**
 * A guarded state change: applies only if the task is still in the state and version it was read in,
 * so two people acting at once cannot both succeed.
 */
async function guardedUpdate(tx: Tx, row: TaskRow, set: Partial<typeof tasks.$inferInsert>) {
  const [updated] = await tx
    .update(tasks)
    .set({ ...set, version: sql`${tasks.version} + 1` })
    .where(and(eq(tasks.taskId, row.taskId), eq(tasks.status, row.status), eq(tasks.version, row.version)))
    .returning()
  if (updated) return updated
  // Lost a race: a changed state is a conflict (409); the same state at a newer version means someone
  // edited the task meanwhile, like a stale If-Match (412).
  const [now] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.taskId, row.taskId))
  throw now?.status === row.status ? preconditionFailed() : conflict(taskMessages.wrongState)
}

interface Notice {
  type: TaskEvent
  to: string[]
  message: string
}

interface Move {
  set: Partial<typeof tasks.$inferInsert>
  audit: { action: string; before?: unknown; after?: unknown }
  /** Who is told of the move, from the task as it is after it. */
  notices: (updated: TaskRow) => Notice[]
  /** Stored files the move drops: deleted once it has committed. */
  dropped?: (string | null)[]
}

/** A move that changes the task's status says so in its audit event: the task's History shows it. */
function withStatus(event: Move['audit'], row: TaskRow, updated: TaskRow): Move['audit'] {
  if (row.status === updated.status) return event
  const asObject = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})
  return {
    ...event,
    before: { ...asObject(event.before), status: row.status },
    after: { ...asObject(event.after), status: updated.status },
  }
}

/**
 * A task changes state or hands: the guarded update, its audit event and its notices in one
 * transaction; the files it drops are deleted after the commit.
 */
async function moveTask(deps: Deps, ctx: RequestContext, row: TaskRow, move: Move) {
  const updated = await deps.db.transaction(async (tx) => {
    const updated = await guardedUpdate(tx, row, move.set)
    await audit(tx, ctx, {
      entityType: 'TASK',
      entityId: row.taskId,
      ...withStatus(move.audit, row, updated),
    })
    for (const n of move.notices(updated)) await notifyTask(tx, ctx, updated, n.type, n.to, n.message)
    return updated
  })
  await deleteFiles(deps, move.dropped ?? [])
  return updated
}

export async function createTask(
  deps: Deps,
  ctx: RequestContext,
  input: TaskInput,
  attachment?: UploadedFile,
) {
  return keepUploadsOnlyIf(deps.storage, { attachment }, async () => {
    const row = await deps.db.transaction((tx) => insertTask(tx, ctx, input, { attachment }))
    return { message: taskMessages.created, task: await getTask(deps, ctx, row.taskId) }
  })
}

/**
 * A new task, its audit event and its notices, in the caller's transaction: Create Task, and each
 * date of a recurring task (modules/recurring/job.ts), which holds its claim of the date in the same
 * transaction. Every rule of a hand-made task applies to both.
 */
export async function insertTask(
  tx: Tx,
  ctx: RequestContext,
  input: TaskInput,
  extra: { attachment?: UploadedFile; seriesId?: string; createdLate?: boolean } = {},
) {
  const fields = await resolveTaskFields(tx, ctx, input)
  const chain = fields.assignee === ctx.username ? [ctx.username] : [ctx.username, fields.assignee]
  const [row] = await tx
    .insert(tasks)
    .values({
      orgId: ctx.orgId,
      ...fields.columns,
      assignmentChain: chain,
      attachment: extra.attachment?.key ?? null,
      attachmentName: extra.attachment?.fileName ?? null,
      status: TASK_STATUS.inProgress,
      createdBy: ctx.userId,
      seriesId: extra.seriesId ?? null,
      createdLate: extra.createdLate ?? false,
    })
    .returning()
  await audit(tx, ctx, {
    action: 'TASK_CREATE',
    entityType: 'TASK',
    entityId: row!.taskId,
    after: { title: row!.title, chain, ...(extra.seriesId ? { series_id: extra.seriesId } : {}) },
  })
  await notifyTask(
    tx,
    ctx,
    row!,
    'TASK_ASSIGNED',
    [fields.assignee],
    `${ctx.fullName} assigned you the task '${row!.title}'.`,
  )
  await notifyTask(
    tx,
    ctx,
    row!,
    'TASK_CC',
    fields.columns.cc,
    `${ctx.fullName} copied you on the task '${row!.title}'.`,
  )
  return row!
}

export async function updateTask(
  deps: Deps,
  ctx: RequestContext,
  taskId: string,
  input: TaskInput,
  attachment?: UploadedFile,
  version?: number,
) {
  return keepUploadsOnlyIf(deps.storage, { attachment }, async () => {
    const { row, subject } = await loadForAction(deps.db, ctx, taskId)
    assertAllowed('edit', subject, ctx.username, [TASK_STATUS.inProgress])
    if (version !== undefined && version !== row.version) throw preconditionFailed()
    const currentAssignee = row.assignmentChain.at(-1)!
    const fields = await resolveTaskFields(deps.db, ctx, input, { assignee: currentAssignee, cc: row.cc })
    const reassigned = fields.assignee !== currentAssignee
    const chain = reassigned ? [...row.assignmentChain, fields.assignee] : row.assignmentChain
    const dropAttachment = Boolean(attachment) || input.removeAttachment
    const newCc = fields.columns.cc.filter((u) => !row.cc.includes(u))
    const updated = await moveTask(deps, ctx, row, {
      set: {
        ...fields.columns,
        assignmentChain: chain,
        ...(dropAttachment
          ? { attachment: attachment?.key ?? null, attachmentName: attachment?.fileName ?? null }
          : {}),
        editedAt: new Date(),
      },
      audit: {
        action: 'TASK_UPDATE',
        before: { title: row.title, chain: row.assignmentChain },
        after: { title: fields.columns.title, chain },
      },
      notices: (updated) => [
        ...(reassigned
          ? [
              {
                type: 'TASK_ASSIGNED' as const,
                to: [fields.assignee],
                message: `${ctx.fullName} assigned you the task '${updated.title}'.`,
              },
            ]
          : []),
        { type: 'TASK_CC', to: newCc, message: `${ctx.fullName} copied you on the task '${updated.title}'.` },
        {
          type: 'TASK_UPDATED',
          to: everyoneOn(updated).filter((u) => !newCc.includes(u) && !(reassigned && u === fields.assignee)),
          message: `${ctx.fullName} updated the task '${updated.title}'.`,
        },
      ],
      dropped: dropAttachment ? [row.attachment] : [],
    })
    return { message: taskMessages.updated, task: await getTask(deps, ctx, updated.taskId) }
  })
}

/** Deleting removes the attachment and the completion file (docs/product.md, "Task lifecycle"). */
export async function deleteTask(deps: Deps, ctx: RequestContext, taskId: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('delete', subject, ctx.username, ACTIVE)
  await moveTask(deps, ctx, row, {
    set: {
      status: TASK_STATUS.deleted,
      deletionDate: new Date(),
      attachment: null,
      attachmentName: null,
      completionFile: null,
      completionFileName: null,
    },
    audit: { action: 'TASK_DELETE', before: { status: row.status } },
    notices: () => [
      {
        type: 'TASK_DELETED',
        to: everyoneOn(row),
        message: `${ctx.fullName} deleted the task '${row.title}'.`,
      },
    ],
    dropped: [row.attachment, row.completionFile],
  })
  return { message: taskMessages.deleted }
}

export async function completeTask(
  deps: Deps,
  ctx: RequestContext,
  taskId: string,
  feedback: string | null,
  file?: UploadedFile,
) {
  return keepUploadsOnlyIf(deps.storage, { file }, async () => {
    const { row, subject } = await loadForAction(deps.db, ctx, taskId)
    assertAllowed('complete', subject, ctx.username, [TASK_STATUS.inProgress])
    await moveTask(deps, ctx, row, {
      set: {
        status: TASK_STATUS.pendingApproval,
        submittedAt: new Date(),
        completionFile: file?.key ?? null,
        completionFileName: file?.fileName ?? null,
        completionFeedback: feedback,
        // The rejection comment stays visible until the next submission (docs/product.md, "Task lifecycle").
        rejectionComments: null,
      },
      audit: { action: 'TASK_SUBMIT' },
      notices: () => [
        {
          type: 'TASK_SUBMITTED',
          to: [row.assignmentChain[0]!],
          message: `${ctx.fullName} submitted the task '${row.title}' for your approval.`,
        },
      ],
      dropped: [row.completionFile],
    })
    return { message: taskMessages.submitted }
  })
}

/** Approving keeps the completion file and deletes the attachment (docs/product.md, "Task lifecycle"). */
export async function approveTask(deps: Deps, ctx: RequestContext, taskId: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('approveOrReject', subject, ctx.username, [TASK_STATUS.pendingApproval])
  await moveTask(deps, ctx, row, {
    set: { status: TASK_STATUS.completed, approvedAt: new Date(), attachment: null, attachmentName: null },
    audit: { action: 'TASK_APPROVE' },
    notices: () => [
      {
        type: 'TASK_APPROVED',
        to: everyoneOn(row),
        message: `${ctx.fullName} approved the task '${row.title}'.`,
      },
    ],
    dropped: [row.attachment],
  })
  return { message: taskMessages.approved }
}

/** Back to In Progress with the same assignee; the completion file is deleted (docs/product.md, "Task lifecycle"). */
export async function rejectTask(deps: Deps, ctx: RequestContext, taskId: string, comment: string | null) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('approveOrReject', subject, ctx.username, [TASK_STATUS.pendingApproval])
  const message = comment
    ? `${ctx.fullName} rejected the task '${row.title}': ${comment}`
    : `${ctx.fullName} rejected the task '${row.title}'.`
  await moveTask(deps, ctx, row, {
    set: {
      status: TASK_STATUS.inProgress,
      rejectionComments: comment,
      submittedAt: null,
      completionFile: null,
      completionFileName: null,
    },
    audit: { action: 'TASK_REJECT', after: { comment } },
    notices: () => [{ type: 'TASK_REJECTED', to: [row.assignmentChain.at(-1)!], message }],
    dropped: [row.completionFile],
  })
  return { message: taskMessages.rejected }
}

/** The current assignee passes the task on; the chain grows by one (docs/product.md, "The assignment chain and CC"). */
export async function forwardTask(deps: Deps, ctx: RequestContext, taskId: string, assignTo: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('forward', subject, ctx.username, [TASK_STATUS.inProgress])
  const next = (await loadPeople(deps.db, ctx.orgId, [assignTo])).get(assignTo)
  if (!next) throw badRequest(taskMessages.unknownUser)
  if (next.username === ctx.username) throw conflict('The task is already assigned to you.')
  await moveTask(deps, ctx, row, {
    set: { assignmentChain: [...row.assignmentChain, next.username] },
    audit: { action: 'TASK_FORWARD', after: { to: next.username } },
    notices: () => [
      {
        type: 'TASK_ASSIGNED',
        to: [next.username],
        message: `${ctx.fullName} forwarded you the task '${row.title}'.`,
      },
      {
        type: 'TASK_UPDATED',
        to: [row.assignmentChain[0]!],
        message: `${ctx.fullName} forwarded the task '${row.title}' to ${next.full_name}.`,
      },
    ],
  })
  return { message: 'Task forwarded.', task: await getTask(deps, ctx, taskId) }
}

/** How long an identical comment by the same person on the same task counts as a repeat. */
export const REPEAT_COMMENT_SECONDS = 10

export async function addComment(deps: Deps, ctx: RequestContext, taskId: string, text: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  if (subject.status === TASK_STATUS.completed || subject.status === TASK_STATUS.deleted)
    throw conflict(taskMessages.commentClosed)
  const { comment, created } = await deps.db.transaction(async (tx) => {
    // A double click or a retry sends the same comment twice within moments: the repeat waits for the
    // first (one lock per task and author) and answers with it, so nobody is notified twice
    // (docs/decisions.md, "Tasks on the new pieces").
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comment:${taskId}:${ctx.userId}`}))`)
    const [repeat] = await tx
      .select()
      .from(comments)
      .where(
        and(
          eq(comments.taskId, taskId),
          eq(comments.userId, ctx.userId),
          eq(comments.commentText, text),
          gt(comments.createdAt, sql`now() - make_interval(secs => ${REPEAT_COMMENT_SECONDS})`),
        ),
      )
      .orderBy(comments.createdAt)
      .limit(1)
    if (repeat) return { comment: repeat, created: false }
    const [comment] = await tx
      .insert(comments)
      .values({ orgId: ctx.orgId, taskId, userId: ctx.userId, username: ctx.username, commentText: text })
      .returning()
    await audit(tx, ctx, {
      action: 'TASK_COMMENT',
      entityType: 'TASK',
      entityId: taskId,
      after: { comment_id: comment!.commentId, text },
    })
    await notifyTask(
      tx,
      ctx,
      row,
      'TASK_COMMENT',
      everyoneOn(row),
      `${ctx.fullName} commented on '${row.title}': ${text.slice(0, 140)}`,
    )
    return { comment: comment!, created: true }
  })
  return {
    created,
    message: taskMessages.commentAdded,
    comment: {
      comment_id: comment.commentId,
      task_id: taskId,
      username: comment.username,
      comment_text: comment.commentText,
      created_at: comment.createdAt.toISOString(),
    },
  }
}
