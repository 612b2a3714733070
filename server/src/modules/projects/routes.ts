import { projectEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { answerChange, listsByFlagRoutes, registerWriteRoutes } from '../approvals/register-routes.ts'
import { getProject, projectDropdown, projectLists, requestArchive } from './service.ts'

export async function projectRoutes(app: App, deps: Deps) {
  listsByFlagRoutes(app, deps, projectLists, [
    { value: false, list: projectEndpoints.list, export: projectEndpoints.export },
    { value: true, list: projectEndpoints.archived, export: projectEndpoints.archivedExport },
  ])
  serve(app, projectEndpoints.dropdown, async (req) => projectDropdown(deps, req.ctx))
  serve(app, projectEndpoints.detail, async (req) => getProject(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, projectEndpoints, 'PROJECT')
  serve(app, projectEndpoints.archive, async (req, reply) =>
    answerChange(reply, await requestArchive(deps, req.ctx, req.params.id, req.body.archive)),
  )
}
