import { TASK_STATUS, type TaskInput, taskMessages } from '@daftar/domain'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Tx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, conflict, preconditionFailed } from '../../platform/errors.ts'
import { keepUploadsOnlyIf, type UploadedFile } from '../../platform/uploads.ts'
import { everyoneOn, notifyTask } from './notices.ts'
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

export async function createTask(
  deps: Deps,
  ctx: RequestContext,
  input: TaskInput,
  attachment?: UploadedFile,
) {
  return keepUploadsOnlyIf(deps.storage, { attachment }, async () => {
    const fields = await resolveTaskFields(deps.db, ctx, input)
    const chain = fields.assignee === ctx.username ? [ctx.username] : [ctx.username, fields.assignee]
    const row = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tasks)
        .values({
          orgId: ctx.orgId,
          ...fields.columns,
          assignmentChain: chain,
          attachment: attachment?.key ?? null,
          attachmentName: attachment?.fileName ?? null,
          status: TASK_STATUS.inProgress,
          createdBy: ctx.userId,
        })
        .returning()
      await audit(tx, ctx, {
        action: 'TASK_CREATE',
        entityType: 'TASK',
        entityId: row!.taskId,
        after: { title: row!.title, chain },
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
    })
    return { message: taskMessages.created, task: await getTask(deps, ctx, row.taskId) }
  })
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
    const updated = await deps.db.transaction(async (tx) => {
      const updated = await guardedUpdate(tx, row, {
        ...fields.columns,
        assignmentChain: chain,
        ...(dropAttachment
          ? { attachment: attachment?.key ?? null, attachmentName: attachment?.fileName ?? null }
          : {}),
        editedAt: new Date(),
      })
      await audit(tx, ctx, {
        action: 'TASK_UPDATE',
        entityType: 'TASK',
        entityId: taskId,
        before: { title: row.title, chain: row.assignmentChain },
        after: { title: updated.title, chain },
      })
      if (reassigned) {
        await notifyTask(
          tx,
          ctx,
          updated,
          'TASK_ASSIGNED',
          [fields.assignee],
          `${ctx.fullName} assigned you the task '${updated.title}'.`,
        )
      }
      const newCc = fields.columns.cc.filter((u) => !row.cc.includes(u))
      await notifyTask(
        tx,
        ctx,
        updated,
        'TASK_CC',
        newCc,
        `${ctx.fullName} copied you on the task '${updated.title}'.`,
      )
      const others = everyoneOn(updated).filter(
        (u) => !newCc.includes(u) && !(reassigned && u === fields.assignee),
      )
      await notifyTask(
        tx,
        ctx,
        updated,
        'TASK_UPDATED',
        others,
        `${ctx.fullName} updated the task '${updated.title}'.`,
      )
      return updated
    })
    if (dropAttachment) await deleteFiles(deps, [row.attachment])
    return { message: taskMessages.updated, task: await getTask(deps, ctx, updated.taskId) }
  })
}

/** Deleting removes the attachment and the completion file (docs/product.md, "Task lifecycle"). */
export async function deleteTask(deps: Deps, ctx: RequestContext, taskId: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('delete', subject, ctx.username, ACTIVE)
  await deps.db.transaction(async (tx) => {
    const updated = await guardedUpdate(tx, row, {
      status: TASK_STATUS.deleted,
      deletionDate: new Date(),
      attachment: null,
      attachmentName: null,
      completionFile: null,
      completionFileName: null,
    })
    await audit(tx, ctx, {
      action: 'TASK_DELETE',
      entityType: 'TASK',
      entityId: taskId,
      before: { status: row.status },
    })
    await notifyTask(
      tx,
      ctx,
      updated,
      'TASK_DELETED',
      everyoneOn(row),
      `${ctx.fullName} deleted the task '${row.title}'.`,
    )
  })
  await deleteFiles(deps, [row.attachment, row.completionFile])
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
    await deps.db.transaction(async (tx) => {
      const updated = await guardedUpdate(tx, row, {
        status: TASK_STATUS.pendingApproval,
        submittedAt: new Date(),
        completionFile: file?.key ?? null,
        completionFileName: file?.fileName ?? null,
        completionFeedback: feedback,
        // The rejection comment stays visible until the next submission (docs/product.md, "Task lifecycle").
        rejectionComments: null,
      })
      await audit(tx, ctx, { action: 'TASK_SUBMIT', entityType: 'TASK', entityId: taskId })
      await notifyTask(
        tx,
        ctx,
        updated,
        'TASK_SUBMITTED',
        [row.assignmentChain[0]!],
        `${ctx.fullName} submitted the task '${row.title}' for your approval.`,
      )
    })
    await deleteFiles(deps, [row.completionFile])
    return { message: taskMessages.submitted }
  })
}

/** Approving keeps the completion file and deletes the attachment (docs/product.md, "Task lifecycle"). */
export async function approveTask(deps: Deps, ctx: RequestContext, taskId: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('approveOrReject', subject, ctx.username, [TASK_STATUS.pendingApproval])
  await deps.db.transaction(async (tx) => {
    const updated = await guardedUpdate(tx, row, {
      status: TASK_STATUS.completed,
      approvedAt: new Date(),
      attachment: null,
      attachmentName: null,
    })
    await audit(tx, ctx, { action: 'TASK_APPROVE', entityType: 'TASK', entityId: taskId })
    await notifyTask(
      tx,
      ctx,
      updated,
      'TASK_APPROVED',
      everyoneOn(row),
      `${ctx.fullName} approved the task '${row.title}'.`,
    )
  })
  await deleteFiles(deps, [row.attachment])
  return { message: taskMessages.approved }
}

/** Back to In Progress with the same assignee; the completion file is deleted (docs/product.md, "Task lifecycle"). */
export async function rejectTask(deps: Deps, ctx: RequestContext, taskId: string, comment: string | null) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('approveOrReject', subject, ctx.username, [TASK_STATUS.pendingApproval])
  await deps.db.transaction(async (tx) => {
    const updated = await guardedUpdate(tx, row, {
      status: TASK_STATUS.inProgress,
      rejectionComments: comment,
      submittedAt: null,
      completionFile: null,
      completionFileName: null,
    })
    await audit(tx, ctx, { action: 'TASK_REJECT', entityType: 'TASK', entityId: taskId, after: { comment } })
    const message = comment
      ? `${ctx.fullName} rejected the task '${row.title}': ${comment}`
      : `${ctx.fullName} rejected the task '${row.title}'.`
    await notifyTask(tx, ctx, updated, 'TASK_REJECTED', [row.assignmentChain.at(-1)!], message)
  })
  await deleteFiles(deps, [row.completionFile])
  return { message: taskMessages.rejected }
}

/** The current assignee passes the task on; the chain grows by one (docs/product.md, "The assignment chain and CC"). */
export async function forwardTask(deps: Deps, ctx: RequestContext, taskId: string, assignTo: string) {
  const { row, subject } = await loadForAction(deps.db, ctx, taskId)
  assertAllowed('forward', subject, ctx.username, [TASK_STATUS.inProgress])
  const next = (await loadPeople(deps.db, ctx.orgId, [assignTo])).get(assignTo)
  if (!next) throw badRequest(taskMessages.unknownUser)
  if (next.username === ctx.username) throw conflict('The task is already assigned to you.')
  await deps.db.transaction(async (tx) => {
    const updated = await guardedUpdate(tx, row, { assignmentChain: [...row.assignmentChain, next.username] })
    await audit(tx, ctx, {
      action: 'TASK_FORWARD',
      entityType: 'TASK',
      entityId: taskId,
      after: { to: next.username },
    })
    await notifyTask(
      tx,
      ctx,
      updated,
      'TASK_ASSIGNED',
      [next.username],
      `${ctx.fullName} forwarded you the task '${row.title}'.`,
    )
    await notifyTask(
      tx,
      ctx,
      updated,
      'TASK_UPDATED',
      [row.assignmentChain[0]!],
      `${ctx.fullName} forwarded the task '${row.title}' to ${next.full_name}.`,
    )
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
