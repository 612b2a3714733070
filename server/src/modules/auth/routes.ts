import {
  forgotPasswordInput,
  loginInput,
  logoutInput,
  refreshInput,
  resetPasswordInput,
} from '@daftar/domain'
import type { FastifyRequest } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { parse } from '../../platform/validation.ts'
import { forgotPassword, login, logout, refresh, resetPassword } from './service.ts'

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] })

/** Public: no bearer token needed. */
export async function publicAuthRoutes(app: App, deps: Deps) {
  app.post('/auth/login', async (req) => login(deps, parse(loginInput, req.body), client(req)))

  app.post('/auth/refresh-token', async (req) => refresh(deps, parse(refreshInput, req.body).refreshToken))

  app.post('/auth/forgot-password', async (req) =>
    forgotPassword(deps, parse(forgotPasswordInput, req.body).identifier, client(req)),
  )

  app.post('/auth/reset-password', async (req) =>
    resetPassword(deps, parse(resetPasswordInput, req.body), client(req)),
  )
}

/** Logout needs to know who is asking, so it sits behind the guard. */
export async function securedAuthRoutes(app: App, deps: Deps) {
  app.post('/auth/logout', async (req) => logout(deps, req.ctx, parse(logoutInput, req.body)))
}
