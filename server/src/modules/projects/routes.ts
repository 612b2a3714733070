import { archiveProjectInput, createProjectInput, projectData, projectListQuery } from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { submitChange } from '../approvals/service.ts'
import { getProject, listProjects, projectDropdown, requestArchive } from './service.ts'

type IdParams = { Params: { id: string } }

export async function projectRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/projects', async (req) => listProjects(deps, req.ctx, false, parse(projectListQuery, req.query)))

  app.get('/projects/archived', async (req) =>
    listProjects(deps, req.ctx, true, parse(projectListQuery, req.query)),
  )

  app.get('/projects/dropdown-list', async (req) => projectDropdown(deps, req.ctx))

  app.get<IdParams>('/projects/:id', async (req) => getProject(deps, req.ctx, req.params.id))

  app.post('/projects', async (req, reply) => {
    const { accessPermissions, ...data } = parse(createProjectInput, req.body)
    const result = await submitChange(deps, req.ctx, {
      entityType: 'PROJECT',
      actionType: 'CREATE',
      entityId: null,
      data,
      accessPermissions,
    })
    reply.code(result.entityId ? 201 : 202)
    return result
  })

  app.put<IdParams>('/projects/:id', async (req, reply) => {
    const result = await submitChange(deps, req.ctx, {
      entityType: 'PROJECT',
      actionType: 'UPDATE',
      entityId: req.params.id,
      data: parse(projectData, req.body),
      version: ifMatchVersion(req.headers['if-match']),
    })
    if (!result.entityId) reply.code(202)
    return result
  })

  app.put<IdParams>('/projects/:id/archive', async (req, reply) => {
    const result = await requestArchive(
      deps,
      req.ctx,
      req.params.id,
      parse(archiveProjectInput, req.body).archive,
    )
    if (!result.entityId) reply.code(202)
    return result
  })
}
