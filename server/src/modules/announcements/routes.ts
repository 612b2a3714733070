import { announcementEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { ifMatchVersion } from '../../platform/validation.ts'
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from './service.ts'

export async function announcementRoutes(app: App, deps: Deps) {
  serve(app, announcementEndpoints.list, async (req) => listAnnouncements(deps, req.ctx, req.query.page))
  serve(app, announcementEndpoints.detail, async (req) => getAnnouncement(deps, req.ctx, req.params.id))
  serve(app, announcementEndpoints.create, async (req, reply) =>
    created(reply, await createAnnouncement(deps, req.ctx, req.body)),
  )
  serve(app, announcementEndpoints.update, async (req) =>
    updateAnnouncement(deps, req.ctx, req.params.id, req.body, ifMatchVersion(req.headers['if-match'])),
  )
  serve(app, announcementEndpoints.remove, async (req) => deleteAnnouncement(deps, req.ctx, req.params.id))
}
