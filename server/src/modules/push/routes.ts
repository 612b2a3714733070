import { pushEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { subscribe, unsubscribe } from './service.ts'

export async function pushRoutes(app: App, deps: Deps) {
  serve(app, pushEndpoints.publicKey, async () => ({ publicKey: deps.push.publicKey }))

  serve(app, pushEndpoints.subscribe, async (req, reply) =>
    created(reply, await subscribe(deps, req.ctx, req.body, req.headers['user-agent'])),
  )

  serve(app, pushEndpoints.unsubscribe, async (req) => unsubscribe(deps, req.ctx, req.body.endpoint))
}
