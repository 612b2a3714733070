import { completeTaskInput, TASK_STATUS, taskEndpoints, taskExport, taskInput } from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { sendExport } from '../../platform/spreadsheet-export.ts'
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
import { getTask, listActiveTasks, listClosedTasks, taskExportRows, visibleTo } from './queries.ts'
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

  serve(app, taskEndpoints.active, async (req) => listActiveTasks(deps, req.ctx, req.query))
  serve(app, taskEndpoints.finished, async (req) => listClosedTasks(deps, req.ctx, 'finished', req.query))
  serve(app, taskEndpoints.deleted, async (req) => listClosedTasks(deps, req.ctx, 'deleted', req.query))
  serve(app, taskEndpoints.export, async (req, reply) =>
    sendExport(reply, {
      ...taskExport,
      fileName:
        req.query.view === 'active' ? taskExport.fileName : `${req.query.view}-${taskExport.fileName}`,
      format: req.query.format,
      rows: taskExportRows(deps, req.ctx, req.query),
    }),
  )
  serve(app, taskEndpoints.finishedDetail, async (req) =>
    getTask(deps, req.ctx, req.params.id, TASK_STATUS.completed),
  )
  serve(app, taskEndpoints.deletedDetail, async (req) =>
    getTask(deps, req.ctx, req.params.id, TASK_STATUS.deleted),
  )
  serve(app, taskEndpoints.detail, async (req) => getTask(deps, req.ctx, req.params.id))

  serve(app, taskEndpoints.create, async (req, reply) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      attachment: ATTACHMENT_RULE,
    })
    const result = await keepUploadsOnlyIf(deps.storage, files, () =>
      createTask(deps, req.ctx, parse(taskInput, fields), files.attachment),
    )
    return created(reply, result)
  })

  serve(app, taskEndpoints.update, async (req) => {
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
  })

  serve(app, taskEndpoints.remove, async (req) => deleteTask(deps, req.ctx, req.params.id))

  serve(app, taskEndpoints.complete, async (req) => {
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
  })

  serve(app, taskEndpoints.approve, async (req) => approveTask(deps, req.ctx, req.params.id))
  serve(app, taskEndpoints.reject, async (req) =>
    rejectTask(deps, req.ctx, req.params.id, req.body.rejectionComment),
  )
  serve(app, taskEndpoints.forward, async (req) =>
    forwardTask(deps, req.ctx, req.params.id, req.body.assignTo),
  )

  serve(app, taskEndpoints.comment, async (req, reply) => {
    const { task_id, comment_text } = req.body
    const { created, ...answer } = await addComment(deps, req.ctx, task_id, comment_text)
    reply.code(created ? 201 : 200)
    return answer
  })
}
