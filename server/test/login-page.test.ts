import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress.mjs'
import { loginBoot, loginHtml, signedInFiles } from '../../scripts/prerender-login.mjs'
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
        addEventListener: () => {},
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

  it("fetches the signed-in first screens' code into the cache once the page has loaded and the browser is idle", () => {
    const manifest = {
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      // A chunk index.html preloads.
      '_login.js': { file: 'assets/LoginPage-abc123.js' },
      '_shell.js': {
        file: 'assets/c-shell.js',
        name: 'shell',
        css: ['assets/shell.css'],
        imports: ['_icons.js'],
      },
      '_icons.js': { file: 'assets/c-icons.js', imports: ['_login.js'] },
      '_home.js': { file: 'assets/c-home.js', name: 'home', imports: ['_shell.js'] },
      '_tasks.js': { file: 'assets/c-tasks.js', name: 'task-list', imports: ['_shell.js', '_login.js'] },
    }
    const files = signedInFiles(manifest, indexHtml)
    // The first screens' chunks, what they import and their stylesheets; not what index.html loads.
    expect(files).toEqual([
      '/assets/c-shell.js',
      '/assets/shell.css',
      '/assets/c-icons.js',
      '/assets/c-home.js',
      '/assets/c-tasks.js',
    ])
    expect(() => signedInFiles({}, indexHtml)).toThrow(/no shell chunk/)

    const added: { rel: string; href: string }[] = []
    let onLoad = () => {}
    let onIdle = () => {}
    vm.runInNewContext(loginBoot(indexHtml, KEYS, files), {
      localStorage: { getItem: () => null },
      sessionStorage: { getItem: () => null },
      document: {
        documentElement: {},
        createElement: () => ({}),
        head: { append: (link: { rel: string; href: string }) => added.push(link) },
      },
      requestAnimationFrame: () => {},
      addEventListener: (event: string, then: () => void) => {
        if (event === 'load') onLoad = then
      },
      window: { requestIdleCallback: (then: () => void) => (onIdle = then) },
    })
    onLoad()
    expect(added).toEqual([])
    onIdle()
    expect(added.map(({ rel, href }) => `${rel} ${href}`)).toEqual(files.map((href) => `prefetch ${href}`))
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
