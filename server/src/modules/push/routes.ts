import { messageResponse, vapidPublicKeyResponse } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { parse } from '../../platform/validation.ts'
import { subscribe, subscribeInput, unsubscribe, unsubscribeInput } from './service.ts'

export async function pushRoutes(app: App, deps: Deps) {
  app.get(
    '/notifications/vapid-public-key',
    { schema: { response: { 200: vapidPublicKeyResponse } } },
    async () => ({
      publicKey: deps.push.publicKey,
    }),
  )

  app.post(
    '/notifications/subscribe',
    { schema: { response: { 201: messageResponse } } },
    async (req, reply) => {
      const result = await subscribe(
        deps,
        req.ctx,
        parse(subscribeInput, req.body),
        req.headers['user-agent'],
      )
      reply.code(201)
      return result
    },
  )

  app.post('/notifications/unsubscribe', { schema: { response: { 200: messageResponse } } }, async (req) =>
    unsubscribe(deps, req.ctx, parse(unsubscribeInput, req.body).endpoint),
  )
}
