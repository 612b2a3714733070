import { createHash } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/connection.ts'
import type { Deps } from './deps.ts'
import { conflict, unprocessable } from './errors.ts'
import { idempotentRequests } from './schema.ts'
import { idempotencyKey } from './validation.ts'

/**
 * Creates that honour an Idempotency-Key (the endpoints marked `idempotent` in the domain): a form
 * sends one key per submit, so a double click, two tabs or a retry after a lost answer make one record.
 * The first request with a key claims it (a row keyed by the person and the key) before its handler
 * runs; a successful answer is kept on the row, and a repeat of the same request answers it. A failed
 * first request gives its key back, so the corrected form can be sent again with it. A repeat that
 * arrives while the first is at work waits for its answer (docs/decisions.md, "Security and
 * reliability").
 */
export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used for a different request.',
  busy: 'This request is still being processed. Please try again in a moment.',
} as const

/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_MS = 10_000
const POLL_MS = 50
/**
 * A claim without an answer this old belongs to a request that never finished (its process stopped):
 * a repeat takes it over rather than waiting on it for a day.
 */
const ABANDONED_MS = 2 * 60_000
/** How long answers are kept: a retry comes within seconds; a day covers a laptop that slept. */
export const KEEP_ANSWERS_HOURS = 24

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's endpoint is `idempotent` (platform/idempotency.ts). */
    idempotent?: true
  }
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept, or the key given back, when it is sent. */
    claimedKey?: { userId: string; key: string }
  }
}

export function honourIdempotencyKeys(scope: FastifyInstance, deps: Deps) {
  scope.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent || !request.ctx) return
    const key = idempotencyKey(request.headers['idempotency-key'])
    if (!key) return
    const claim = { userId: request.ctx.userId, key }
    const asked = requestOf(request)
    const deadline = Date.now() + WAIT_MS
    for (;;) {
      if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.busy)
      if (await claimKey(deps.db, claim, asked)) {
        request.claimedKey = claim
        return
      }
      const [first] = await deps.db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, key)))
      // Given back by a first request that failed between the two reads: claim it again.
      if (!first) continue
      if (first.status === null && Date.now() - first.createdAt.getTime() > ABANDONED_MS) {
        await deps.db
          .delete(idempotentRequests)
          .where(
            and(
              eq(idempotentRequests.userId, claim.userId),
              eq(idempotentRequests.key, key),
              isNull(idempotentRequests.status),
              lt(idempotentRequests.createdAt, sql`now() - make_interval(secs => ${ABANDONED_MS / 1000})`),
            ),
          )
        continue
      }
      if (first.request !== asked) throw unprocessable(IDEMPOTENCY_MESSAGES.reused)
      if (first.status !== null && first.answer !== null) return replay(reply, first.status, first.answer)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  })
  scope.addHook('onSend', async (request, reply, payload) => {
    const claim = request.claimedKey
    if (!claim) return payload
    const mine = and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key))
    if (reply.statusCode < 300 && typeof payload === 'string')
      await deps.db.update(idempotentRequests).set({ status: reply.statusCode, answer: payload }).where(mine)
    else await deps.db.delete(idempotentRequests).where(mine)
    return payload
  })
}

/** The method, the path and a digest of the body (a multipart body is read later, by the handler). */
function requestOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body)
  return `${request.method} ${request.url} ${createHash('sha256').update(body).digest('base64url')}`
}

async function claimKey(db: Db, claim: { userId: string; key: string }, request: string) {
  const claimed = await db
    .insert(idempotentRequests)
    .values({ ...claim, request })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key })
  return claimed.length > 0
}

function replay(reply: FastifyReply, status: number, answer: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(answer)
}

/** Forgets answers older than `KEEP_ANSWERS_HOURS` (the scheduler, hourly). */
export async function pruneIdempotentRequests(db: Db) {
  await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${KEEP_ANSWERS_HOURS})`))
}
