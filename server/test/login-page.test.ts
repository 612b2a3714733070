import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress.mjs'
import { loginBoot, loginHtml } from '../../scripts/prerender-login.mjs'
import { buildApp } from '../src/app.ts'
import { startTestServer, type TestServer } from './helpers.ts'

// /login answers its own page with the sign-in form already in the HTML, every other address the
// app's index.html (docs/decisions.md, "The sign-in page in the HTML").
// The real page, rendered as the build renders it; imported by path, since the server's types do not
// cover the web app's JSX.
const PRERENDER = '../../web/src/features/auth/login-prerender.tsx'
const HEADLINE = 'Your office, organised in one secure place.'
const LOGIN_CSS = '/assets/LoginPage-abc123.css'
const BOOT = '/assets/login-boot-abc123.js'
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Daftar</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/LoginPage-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
    <link rel="preload" as="style" crossorigin href="${LOGIN_CSS}">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-dist-'))
const oldDist = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-dist-'))
const KEYS = { accessToken: 'daftar.accessToken', sessionExpired: 'daftar.sessionExpired' }
let server: TestServer
let web: FastifyInstance
let oldWeb: FastifyInstance
let bootKeys: typeof KEYS

beforeAll(async () => {
  // The form asks whether a session has just expired; the build renders a first visit, as here.
  Object.assign(globalThis, { sessionStorage: { getItem: () => null, setItem() {}, removeItem() {} } })
  const prerender = (await import(PRERENDER)) as { renderLoginPage: () => string; bootKeys: typeof KEYS }
  const { renderLoginPage } = prerender
  bootKeys = prerender.bootKeys
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml)
  fs.writeFileSync(path.join(dist, 'login.html'), loginHtml(indexHtml, renderLoginPage(), [LOGIN_CSS], BOOT))
  precompress(dist)
  fs.writeFileSync(path.join(oldDist, 'index.html'), indexHtml)
  server = await startTestServer()
  web = await buildApp(server.deps, { webDist: dist })
  oldWeb = await buildApp(server.deps, { webDist: oldDist })
})
afterAll(async () => {
  await web?.close()
  await oldWeb?.close()
  await server?.close()
  fs.rmSync(dist, { recursive: true, force: true })
  fs.rmSync(oldDist, { recursive: true, force: true })
})

describe('GET /login', () => {
  it('answers the sign-in page itself: headline and form in the HTML, not interactive until the app runs', async () => {
    const res = await web.inject({ url: '/login' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain(HEADLINE)
    expect(res.body).toContain('Email or Mobile')
    expect(res.body).toContain('Password')
    expect(res.body).toContain('<div id="root"><div inert>')
    // Its stylesheets block rendering, so the markup paints styled, and come before the one script,
    // which loads the app after the first paint: that paint needs the HTML and the CSS only.
    const order = [
      '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
      `<link rel="stylesheet" crossorigin href="${LOGIN_CSS}">`,
      `<script src="${BOOT}">`,
    ].map((tag) => res.body.indexOf(tag))
    expect(order.every((at, i) => at > (order[i - 1] ?? 0))).toBe(true)
    expect(res.body).not.toContain('modulepreload')
    expect(res.body).not.toContain('/assets/index-abc123.js')
    expect(res.body).not.toContain('rel="preload" as="style"')
    // Nothing paints before the whole page is parsed (no half-painted page moving as the rest arrives).
    expect(res.body).toContain('<link rel="expect" href="#prerendered-end" blocking="render">')
    expect(res.body).toContain('<div id="prerendered-end"></div></div></div>')
  })

  it('holds no inline script, and keeps the CSP that forbids one', async () => {
    const res = await web.inject({ url: '/login' })
    const scripts = res.body.match(/<script[^>]*>/g) ?? []
    expect(scripts).toEqual([`<script src="${BOOT}">`])
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(() => loginHtml(indexHtml, '<script>alert(1)</script>', [], BOOT)).toThrow(/no script/)
  })

  it('loads the app after the first paint: the entry and its preloads, from the boot script', () => {
    const boot = loginBoot(indexHtml, KEYS)
    expect(boot).toContain('requestAnimationFrame(')
    expect(boot).toContain('import("/assets/index-abc123.js")')
    expect(boot).toContain('["/assets/LoginPage-abc123.js"]')
    expect(() => loginBoot('<html></html>', KEYS)).toThrow(/no entry script/)
    // The keys it reads are the app's own.
    expect(bootKeys).toEqual(KEYS)
  })

  it('before the first paint, sends a signed-in visitor on to / and marks a session that has just expired', () => {
    const visit = (local: Record<string, string>, session: Record<string, string>) => {
      const seen = { replaced: null as string | null, marks: [] as string[], frames: 0, hidden: false }
      const html = {
        style: {} as { visibility?: string },
        setAttribute: (name: string) => seen.marks.push(name),
      }
      const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null })
      vm.runInNewContext(loginBoot(indexHtml, KEYS), {
        localStorage: storage(local),
        sessionStorage: storage(session),
        document: { documentElement: html },
        location: { replace: (to: string) => (seen.replaced = to) },
        requestAnimationFrame: () => seen.frames++,
      })
      return { ...seen, hidden: html.style.visibility === 'hidden' }
    }
    expect(visit({ [KEYS.accessToken]: 'token' }, {})).toEqual({
      replaced: '/',
      marks: [],
      frames: 0,
      hidden: true,
    })
    expect(visit({}, { [KEYS.sessionExpired]: '1' })).toEqual({
      replaced: null,
      marks: ['data-session-expired'],
      frames: 1,
      hidden: false,
    })
    expect(visit({}, {})).toEqual({ replaced: null, marks: [], frames: 1, hidden: false })
  })

  it("carries the expired session's notice hidden, for the boot script's mark to show in the first paint", async () => {
    const res = await web.inject({ url: '/login' })
    const notice = res.body.match(/<div[^>]*class="[^"]*expiredNotice[^"]*"[^>]*>/)?.[0]
    expect(notice).toBeDefined()
    expect(notice).not.toContain('data-shown')
    expect(res.body).toContain('Your session has expired. Please sign in again.')
  })

  it('answers the same page with a query string, brotli-encoded when accepted', async () => {
    const plain = await web.inject({ url: '/login' })
    const res = await web.inject({ url: '/login?next=%2Ftasks', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body)
  })

  it('answers index.html from a build made before login.html existed', async () => {
    const res = await oldWeb.inject({ url: '/login' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(indexHtml)
  })
})

describe('every other address of the app', () => {
  it('answers index.html, without the sign-in page in it', async () => {
    for (const url of ['/', '/finished-tasks', '/login/extra', '/login.htm']) {
      const res = await web.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.body, url).toBe(indexHtml)
      expect(res.body, url).not.toContain(HEADLINE)
    }
  })
})
