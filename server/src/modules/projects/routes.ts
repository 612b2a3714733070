import { archiveProjectInput, projectListQuery } from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { parse } from '../../platform/validation.ts'
import { answerChange, registerWriteRoutes } from '../approvals/register-routes.ts'
import { getProject, listProjects, projectDropdown, requestArchive } from './service.ts'

type IdParams = { Params: { id: string } }

export async function projectRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/projects', async (req) => listProjects(deps, req.ctx, false, parse(projectListQuery, req.query)))

  app.get('/projects/archived', async (req) =>
    listProjects(deps, req.ctx, true, parse(projectListQuery, req.query)),
  )

  app.get('/projects/dropdown-list', async (req) => projectDropdown(deps, req.ctx))

  app.get<IdParams>('/projects/:id', async (req) => getProject(deps, req.ctx, req.params.id))

  registerWriteRoutes(app, deps, '/projects', 'PROJECT')

  app.put<IdParams>('/projects/:id/archive', async (req, reply) => {
    const result = await requestArchive(
      deps,
      req.ctx,
      req.params.id,
      parse(archiveProjectInput, req.body).archive,
    )
    return answerChange(reply, result)
  })
}
