import {
  forgotPasswordInput,
  loginInput,
  logoutInput,
  messageResponse,
  refreshInput,
  resetPasswordInput,
  tokenPair,
} from '@daftar/domain'
import type { FastifyRequest } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { parse } from '../../platform/validation.ts'
import { forgotPassword, login, logout, refresh, resetPassword } from './service.ts'

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] })

const tokens = { schema: { response: { 200: tokenPair } } }
const message = { schema: { response: { 200: messageResponse } } }

/** Public: no bearer token needed. */
export async function publicAuthRoutes(app: App, deps: Deps) {
  app.post('/auth/login', tokens, async (req) => login(deps, parse(loginInput, req.body), client(req)))

  app.post('/auth/refresh-token', tokens, async (req) =>
    refresh(deps, parse(refreshInput, req.body).refreshToken),
  )

  app.post('/auth/forgot-password', message, async (req) =>
    forgotPassword(deps, parse(forgotPasswordInput, req.body).identifier, client(req)),
  )

  app.post('/auth/reset-password', message, async (req) =>
    resetPassword(deps, parse(resetPasswordInput, req.body), client(req)),
  )
}

/** Logout needs to know who is asking, so it sits behind the guard. */
export async function securedAuthRoutes(app: App, deps: Deps) {
  app.post('/auth/logout', message, async (req) => logout(deps, req.ctx, parse(logoutInput, req.body)))
}
