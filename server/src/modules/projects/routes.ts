import {
  archiveProjectInput,
  idParams,
  projectDetail,
  projectEndpoints,
  projectList,
  projectListQuery,
  projectOption,
} from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { answerChange, changeResponses, registerWriteRoutes } from '../approvals/register-routes.ts'
import { getProject, listProjects, projectDropdown, requestArchive } from './service.ts'

export async function projectRoutes(app: App, deps: Deps) {
  const list = { querystring: projectListQuery, response: { 200: projectList } }
  app.get('/projects', { schema: list }, async (req) => listProjects(deps, req.ctx, false, req.query))
  app.get('/projects/archived', { schema: list }, async (req) => listProjects(deps, req.ctx, true, req.query))
  app.get('/projects/dropdown-list', { schema: { response: { 200: z.array(projectOption) } } }, async (req) =>
    projectDropdown(deps, req.ctx),
  )
  app.get('/projects/:id', { schema: { params: idParams, response: { 200: projectDetail } } }, async (req) =>
    getProject(deps, req.ctx, req.params.id),
  )

  registerWriteRoutes(app, deps, projectEndpoints, 'PROJECT')

  app.put(
    '/projects/:id/archive',
    { schema: { params: idParams, body: archiveProjectInput, response: changeResponses } },
    async (req, reply) =>
      answerChange(reply, await requestArchive(deps, req.ctx, req.params.id, req.body.archive)),
  )
}
