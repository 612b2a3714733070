import { authEndpoints } from '@daftar/domain'
import type { FastifyRequest } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { forgotPassword, login, logout, refresh, resetPassword } from './service.ts'

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] })

/** Public: no bearer token needed. */
export async function publicAuthRoutes(app: App, deps: Deps) {
  serve(app, authEndpoints.login, async (req) => login(deps, req.body, client(req)))
  serve(app, authEndpoints.refresh, async (req) => refresh(deps, req.body.refreshToken))
  serve(app, authEndpoints.forgotPassword, async (req) =>
    forgotPassword(deps, req.body.identifier, client(req)),
  )
  serve(app, authEndpoints.resetPassword, async (req) => resetPassword(deps, req.body, client(req)))
}

/** Logout needs to know who is asking, so it sits behind the guard. */
export async function securedAuthRoutes(app: App, deps: Deps) {
  serve(app, authEndpoints.logout, async (req) => logout(deps, req.ctx, req.body))
}
