import type { BrowserContext, Request } from '@playwright/test'

/** A request that took at least this long is worth naming when a journey fails. */
const SLOW_MS = 1_000
/** How many notable requests (slow, refused, failed) a recorder keeps: the last ones count. */
const KEPT = 40

/**
 * What the browser was waiting for when a journey failed: the requests still unanswered, those that
 * failed or were slow, and the pages' own errors. A step that waits in vain for a page (the app frame's
 * skeleton that stayed on a PostgreSQL run, docs/decisions.md, "CI time") then says which call did
 * not answer instead of only that nothing showed.
 */
export class NetworkLog {
  private readonly started = new Map<Request, number>()
  private readonly notable: string[] = []

  watch(context: BrowserContext) {
    context.on('request', (request) => this.started.set(request, Date.now()))
    context.on('requestfinished', async (request) => {
      const ms = this.took(request)
      const status = (await request.response().catch(() => null))?.status() ?? 0
      if (ms >= SLOW_MS || status >= 400) this.note(`${status} after ${ms} ms ${requestLine(request)}`)
    })
    context.on('requestfailed', (request) =>
      this.note(
        `failed after ${this.took(request)} ms (${request.failure()?.errorText}) ${requestLine(request)}`,
      ),
    )
    context.on('weberror', (error) => this.note(`page error: ${error.error().message}`))
    context.on('console', (message) => {
      if (message.type() === 'error')
        this.note(`console error at ${message.page()?.url()}: ${message.text()}`)
    })
  }

  /** The report, or '' when there is nothing to say. */
  report(): string {
    const now = Date.now()
    const pending = [...this.started].map(
      ([request, at]) => `pending for ${now - at} ms ${requestLine(request)} (page ${pageOf(request)})`,
    )
    const parts = [
      pending.length > 0 ? `Unanswered requests:\n  ${pending.join('\n  ')}` : '',
      this.notable.length > 0
        ? `Failed, refused or slow requests and page errors:\n  ${this.notable.join('\n  ')}`
        : '',
    ]
    return parts.filter(Boolean).join('\n')
  }

  private took(request: Request) {
    const at = this.started.get(request)
    this.started.delete(request)
    return at === undefined ? -1 : Date.now() - at
  }

  private note(line: string) {
    this.notable.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
    if (this.notable.length > KEPT) this.notable.shift()
  }
}

/** The address of the page that asked (a service worker's request has no frame). */
function pageOf(request: Request) {
  try {
    return request.frame().url()
  } catch {
    return 'none'
  }
}

function requestLine(request: Request) {
  return `${request.method()} ${request.url().replace(/^https?:\/\/[^/]+/, '')}`
}
