import { authEndpoints, passkeyEndpoints, sessionEndpoints, twoFactorEndpoints } from '@daftar/domain'
import type { FastifyRequest } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  type Site,
  signInOptions,
  signInWithPasskey,
} from './passkeys.ts'
import { forgotPassword, login, logout, refresh, resetPassword } from './service.ts'
import { endOtherSessions, endSession, listSessions, listSignIns } from './sessions.ts'
import {
  disableForSignedIn,
  enableForSignedIn,
  requiredEnable,
  requiredSetup,
  setupForSignedIn,
  twoFactorStatusOf,
  verifySignIn,
} from './two-factor-service.ts'

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] })

/**
 * The site passkeys are made for and used on: PUBLIC_URL when it is set, else the address the browser
 * asked for (a passkey is kept with its site and only ever accepted for it).
 */
function site(deps: Deps, req: FastifyRequest): Site {
  const url = new URL(deps.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`)
  return { origin: url.origin, rpId: url.hostname }
}

/** Public: no bearer token needed (the two-factor steps carry a challenge token instead). */
export async function publicAuthRoutes(app: App, deps: Deps) {
  serve(app, authEndpoints.login, async (req) => login(deps, req.body, client(req)))
  serve(app, authEndpoints.refresh, async (req) => refresh(deps, req.body.refreshToken))
  serve(app, authEndpoints.forgotPassword, async (req) =>
    forgotPassword(deps, req.body.identifier, client(req)),
  )
  serve(app, authEndpoints.resetPassword, async (req) => resetPassword(deps, req.body, client(req)))
  serve(app, twoFactorEndpoints.verify, async (req) => verifySignIn(deps, req.body, client(req)))
  serve(app, twoFactorEndpoints.requiredSetup, async (req) =>
    requiredSetup(deps, req.body.challengeToken, client(req)),
  )
  serve(app, twoFactorEndpoints.requiredEnable, async (req) => requiredEnable(deps, req.body, client(req)))
  serve(app, passkeyEndpoints.signInOptions, async (req) => signInOptions(deps, site(deps, req), client(req)))
  serve(app, passkeyEndpoints.signIn, async (req) => signInWithPasskey(deps, req.body, client(req)))
}

/** Logout, two-factor settings and sessions need to know who is asking, so they sit behind the guard. */
export async function securedAuthRoutes(app: App, deps: Deps) {
  serve(app, authEndpoints.logout, async (req) => logout(deps, req.ctx, req.body))
  serve(app, twoFactorEndpoints.status, async (req) => twoFactorStatusOf(deps, req.ctx))
  serve(app, twoFactorEndpoints.setup, async (req) => setupForSignedIn(deps, req.ctx))
  serve(app, twoFactorEndpoints.enable, async (req) => enableForSignedIn(deps, req.ctx, req.body.code))
  serve(app, twoFactorEndpoints.disable, async (req) => disableForSignedIn(deps, req.ctx, req.body))
  serve(app, sessionEndpoints.list, async (req) => listSessions(deps, req.ctx))
  serve(app, sessionEndpoints.end, async (req) => endSession(deps, req.ctx, req.params.id))
  serve(app, sessionEndpoints.endOthers, async (req) => endOtherSessions(deps, req.ctx))
  serve(app, sessionEndpoints.signIns, async (req) => listSignIns(deps, req.ctx))
  serve(app, passkeyEndpoints.list, async (req) => listPasskeys(deps, req.ctx))
  serve(app, passkeyEndpoints.registrationOptions, async (req) =>
    registrationOptions(deps, req.ctx, req.body.password, site(deps, req)),
  )
  serve(app, passkeyEndpoints.add, async (req, reply) =>
    created(reply, await addPasskey(deps, req.ctx, req.body)),
  )
  serve(app, passkeyEndpoints.remove, async (req) => removePasskey(deps, req.ctx, req.params.id))
}
