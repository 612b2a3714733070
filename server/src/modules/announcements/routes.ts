import {
  announcement,
  announcementCreateInput,
  announcementList,
  announcementListQuery,
  announcementUpdateInput,
  idParams,
  messageResponse,
} from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from './service.ts'

export async function announcementRoutes(app: App, deps: Deps) {
  app.get(
    '/announcements',
    { schema: { querystring: announcementListQuery, response: { 200: announcementList } } },
    async (req) => listAnnouncements(deps, req.ctx, req.query.page),
  )
  app.get(
    '/announcements/:id',
    { schema: { params: idParams, response: { 200: announcement } } },
    async (req) => getAnnouncement(deps, req.ctx, req.params.id),
  )
  app.post(
    '/announcements',
    {
      schema: {
        body: announcementCreateInput,
        response: { 201: z.object({ message: z.string(), announcement_id: z.string() }) },
      },
    },
    async (req, reply) => {
      const result = await createAnnouncement(deps, req.ctx, req.body)
      reply.code(201)
      return result
    },
  )
  app.put(
    '/announcements/:id',
    { schema: { params: idParams, body: announcementUpdateInput, response: { 200: messageResponse } } },
    async (req) =>
      updateAnnouncement(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )
  app.delete(
    '/announcements/:id',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => deleteAnnouncement(deps, req.ctx, req.params.id),
  )
}
