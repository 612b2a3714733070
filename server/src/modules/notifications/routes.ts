import { idParams, messageResponse, notificationPage, unreadCountResponse } from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import type { App } from '../../platform/http.ts'
import { parse } from '../../platform/validation.ts'
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts'

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
})

export async function notificationRoutes(app: App, deps: Deps) {
  app.get('/notifications', { schema: { response: { 200: notificationPage } } }, async (req) => {
    const { page, limit } = parse(listQuery, req.query)
    return listNotifications(deps, req.ctx, page, limit)
  })

  app.get(
    '/notifications/unread-count',
    { schema: { response: { 200: unreadCountResponse } } },
    async (req) => unreadCount(deps, req.ctx),
  )

  app.put('/notifications/read-all', { schema: { response: { 200: messageResponse } } }, async (req) =>
    markAllRead(deps, req.ctx),
  )

  app.put(
    '/notifications/:id/read',
    { schema: { params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      const id = Number(req.params.id)
      if (!Number.isSafeInteger(id) || id < 1) throw notFound('Notification not found.')
      return markRead(deps, req.ctx, id)
    },
  )
}
