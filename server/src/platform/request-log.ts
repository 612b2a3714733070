import type { FastifyInstance } from 'fastify'
import { redactUrl } from '../bootstrap.ts'

/**
 * One line per request, written when the response has gone out (Fastify's own two lines per request
 * are turned off in app.ts): what an operator needs to find a slow or failing call and whose it was,
 * and nothing that needs work to compute. See docs/decisions.md, "Performance".
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info'
    request.log[level](
      {
        method: request.method,
        url: redactUrl(request.url),
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        bytes: Number(reply.getHeader('content-length')) || undefined,
        ip: request.ip,
        user: request.ctx?.userId,
        org: request.ctx?.orgId,
      },
      'request',
    )
    done()
  })
}
