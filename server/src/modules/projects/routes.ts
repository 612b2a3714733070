import { projectEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { answerChange, registerWriteRoutes } from '../approvals/register-routes.ts'
import { exportProjects, getProject, listProjects, projectDropdown, requestArchive } from './service.ts'

export async function projectRoutes(app: App, deps: Deps) {
  serve(app, projectEndpoints.list, async (req) => listProjects(deps, req.ctx, false, req.query))
  serve(app, projectEndpoints.archived, async (req) => listProjects(deps, req.ctx, true, req.query))
  serve(app, projectEndpoints.export, async (req, reply) =>
    exportProjects(deps, req.ctx, false, req.query, reply),
  )
  serve(app, projectEndpoints.archivedExport, async (req, reply) =>
    exportProjects(deps, req.ctx, true, req.query, reply),
  )
  serve(app, projectEndpoints.dropdown, async (req) => projectDropdown(deps, req.ctx))
  serve(app, projectEndpoints.detail, async (req) => getProject(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, projectEndpoints, 'PROJECT')
  serve(app, projectEndpoints.archive, async (req, reply) =>
    answerChange(reply, await requestArchive(deps, req.ctx, req.params.id, req.body.archive)),
  )
}
