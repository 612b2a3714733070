import { notificationEndpoints, notificationPreferenceEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { type App, serve } from '../../platform/http.ts'
import { preferencesOf, updatePreferences } from './preferences.ts'
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts'

export async function notificationRoutes(app: App, deps: Deps) {
  serve(app, notificationEndpoints.list, async (req) =>
    listNotifications(deps, req.ctx, req.query.page, req.query.limit),
  )
  serve(app, notificationEndpoints.unreadCount, async (req) => unreadCount(deps, req.ctx))
  serve(app, notificationEndpoints.readAll, async (req) => markAllRead(deps, req.ctx))
  serve(app, notificationEndpoints.read, async (req) => {
    const id = Number(req.params.id)
    if (!Number.isSafeInteger(id) || id < 1) throw notFound('Notification not found.')
    return markRead(deps, req.ctx, id)
  })
  // Always the caller's own: no user id is taken from the request.
  serve(app, notificationPreferenceEndpoints.get, async (req) => preferencesOf(deps, req.ctx))
  serve(app, notificationPreferenceEndpoints.update, async (req) =>
    updatePreferences(deps, req.ctx, req.body),
  )
}
