import {
  activeTaskList,
  closedTaskPage,
  commentInput,
  commentResponse,
  completeTaskInput,
  deletedQuery,
  finishedQuery,
  forwardTaskInput,
  idParams,
  messageResponse,
  rejectTaskInput,
  TASK_STATUS,
  taskChangeResponse,
  taskInput,
  taskWithPeople,
} from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { keepUploadsOnlyIf, readMultipart } from '../../platform/uploads.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import {
  addComment,
  approveTask,
  completeTask,
  createTask,
  deleteTask,
  forwardTask,
  rejectTask,
  updateTask,
} from './actions.ts'
import { getTask, listActiveTasks, listClosedTasks, visibleTo } from './queries.ts'
import { ATTACHMENT_RULE, COMPLETION_RULE } from './rules.ts'
import { tasks } from './schema.ts'

export async function taskRoutes(app: App, deps: Deps) {
  // An attachment or completion file may be read by whoever may see its task.
  const fileOfVisibleTask =
    (column: PgColumn, nameColumn: PgColumn) => async (ctx: RequestContext, key: string) => {
      const [row] = await deps.db
        .select({ name: nameColumn })
        .from(tasks)
        .where(and(eq(column, key), visibleTo(ctx)))
      return row ? { fileName: (row.name as string | null) ?? undefined } : null
    }
  deps.fileAccess.register('attachment', fileOfVisibleTask(tasks.attachment, tasks.attachmentName))
  deps.fileAccess.register(
    'completionFile',
    fileOfVisibleTask(tasks.completionFile, tasks.completionFileName),
  )

  app.get('/tasks', { schema: { response: { 200: activeTaskList } } }, async (req) =>
    listActiveTasks(deps, req.ctx),
  )
  app.get('/tasks/finished', { schema: { response: { 200: closedTaskPage } } }, async (req) =>
    listClosedTasks(deps, req.ctx, 'finished', parse(finishedQuery, req.query)),
  )
  app.get('/tasks/deleted', { schema: { response: { 200: closedTaskPage } } }, async (req) =>
    listClosedTasks(deps, req.ctx, 'deleted', parse(deletedQuery, req.query)),
  )
  app.get(
    '/tasks/finished/:id',
    { schema: { params: idParams, response: { 200: taskWithPeople } } },
    async (req) => getTask(deps, req.ctx, req.params.id, TASK_STATUS.completed),
  )
  app.get(
    '/tasks/deleted/:id',
    { schema: { params: idParams, response: { 200: taskWithPeople } } },
    async (req) => getTask(deps, req.ctx, req.params.id, TASK_STATUS.deleted),
  )
  app.get('/tasks/:id', { schema: { params: idParams, response: { 200: taskWithPeople } } }, async (req) =>
    getTask(deps, req.ctx, req.params.id),
  )

  app.post('/tasks', { schema: { response: { 201: taskChangeResponse } } }, async (req, reply) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      attachment: ATTACHMENT_RULE,
    })
    const result = await keepUploadsOnlyIf(deps.storage, files, () =>
      createTask(deps, req.ctx, parse(taskInput, fields), files.attachment),
    )
    reply.code(201)
    return result
  })

  app.put(
    '/tasks/:id',
    { schema: { params: idParams, response: { 200: taskChangeResponse } } },
    async (req) => {
      const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
        attachment: ATTACHMENT_RULE,
      })
      return keepUploadsOnlyIf(deps.storage, files, () =>
        updateTask(
          deps,
          req.ctx,
          req.params.id,
          parse(taskInput, fields),
          files.attachment,
          ifMatchVersion(req.headers['if-match']),
        ),
      )
    },
  )

  app.delete(
    '/tasks/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => deleteTask(deps, req.ctx, req.params.id),
  )

  app.put(
    '/tasks/:id/complete',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      const { fields, files } = req.isMultipart()
        ? await readMultipart(req, deps.storage, req.ctx.orgId, { completionFile: COMPLETION_RULE })
        : { fields: (req.body ?? {}) as Record<string, string>, files: {} as Record<string, never> }
      return keepUploadsOnlyIf(deps.storage, files, () =>
        completeTask(
          deps,
          req.ctx,
          req.params.id,
          parse(completeTaskInput, fields).completionFeedback,
          files.completionFile,
        ),
      )
    },
  )

  app.put(
    '/tasks/:id/approve',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => approveTask(deps, req.ctx, req.params.id),
  )
  app.put(
    '/tasks/:id/reject',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) =>
      rejectTask(deps, req.ctx, req.params.id, parse(rejectTaskInput, req.body).rejectionComment),
  )
  app.put(
    '/tasks/:id/forward',
    { schema: { params: idParams, response: { 200: taskChangeResponse } } },
    async (req) => forwardTask(deps, req.ctx, req.params.id, parse(forwardTaskInput, req.body).assignTo),
  )

  app.post('/comments', { schema: { response: { 201: commentResponse } } }, async (req, reply) => {
    const input = parse(commentInput, req.body)
    const result = await addComment(deps, req.ctx, input.task_id, input.comment_text)
    reply.code(201)
    return result
  })
}
