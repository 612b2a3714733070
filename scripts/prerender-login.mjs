#!/usr/bin/env node
// login.html: the built index.html with the sign-in page rendered into #root, so that /login paints
// from the HTML instead of after ~190 KiB of JavaScript has downloaded and run (docs/decisions.md,
// "The sign-in page in the HTML"). Run by scripts/build-web.mjs after the client build: a Vite SSR
// build of web/src/features/auth/login-prerender.tsx (the real LoginPage in the app's
// MantineProvider and theme, with the same CSS-module class names as the client build), rendered
// with react-dom/server. The server answers GET /login with it (server/src/app.ts).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const LOGIN_MODULE = 'src/features/auth/LoginPage.tsx'
const SSR_ENTRY = 'src/features/auth/login-prerender.tsx'
const ROOT_DIV = '<div id="root"></div>'
// No frame before the whole page is parsed: Chrome could otherwise paint part of the markup and then
// move it as the rest is parsed (a layout shift).
const MARKUP_END = 'prerendered-end'

/** The stylesheets the login route's chunks ask for, from the client build's manifest. */
export function loginStylesheets(manifest) {
  const seen = new Set()
  const css = []
  const visit = (key) => {
    const chunk = manifest[key]
    // The entry's own stylesheet is in index.html already, and comes first.
    if (!chunk || chunk.isEntry || seen.has(key)) return
    seen.add(key)
    for (const file of chunk.css ?? []) if (!css.includes(`/${file}`)) css.push(`/${file}`)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  visit(LOGIN_MODULE)
  return css
}

/** The entry script's address and the modules index.html preloads, in index.html's order. */
function appScripts(indexHtml) {
  const entry = indexHtml.match(/<script type="module"[^>]* src="([^"]+)"><\/script>/)?.[1]
  if (!entry) throw new Error('index.html has no entry script')
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">/g)].map((m) => m[1])
  return { entry, preloads }
}

/**
 * What a visitor who signs in needs next, less what index.html already loads: the signed-in first
 * screens' chunks (web/first-screen-chunk.ts: the shell, home, where signing in lands, and the task
 * list), the chunks they import and their stylesheets, from the client build's manifest.
 */
export function signedInFiles(manifest, indexHtml) {
  const known = new Set([...indexHtml.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]))
  const files = []
  const seen = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const file of [chunk.file, ...(chunk.css ?? [])])
      if (!known.has(file) && !files.includes(`/${file}`)) files.push(`/${file}`)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  for (const name of ['shell', 'home', 'task-list']) {
    const key = Object.keys(manifest).find((k) => manifest[k].name === name && !manifest[k].isEntry)
    if (!key) throw new Error(`The build has no ${name} chunk: was it built by scripts/build-web.mjs?`)
    visit(key)
  }
  return files
}

/**
 * login.html's only script, a classic one in <head>: it runs before the page is parsed, so before the
 * first paint. A signed-in visitor (an access token stored) is sent on to / without the sign-in page
 * ever showing; a visitor whose session has just expired gets <html data-session-expired>, which shows
 * the notice the markup carries hidden, so that it is painted with the page rather than moving the
 * form later. The app's code is asked for once the first frame is on screen, so on a slow link it does
 * not share the connection with the stylesheets the paint waits for (and Lighthouse no longer counts
 * it before the page's largest text). It then starts as from index.html, with the same modules
 * preloaded. Once the page has loaded and the browser is idle, `prefetch` (`signedInFiles`) is fetched
 * into the cache, not run, so that the first screen after signing in does not wait for its code
 * (docs/decisions.md, "The first screen in one render"). `keys`: the storage keys the app uses
 * (login-prerender.tsx, `bootKeys`).
 */
export function loginBoot(indexHtml, keys, prefetch = []) {
  const { entry, preloads } = appScripts(indexHtml)
  return `// Daftar's sign-in page: before the first paint, then the app after it (scripts/prerender-login.mjs).
;(() => {
  try {
    if (localStorage.getItem(${JSON.stringify(keys.accessToken)}) !== null) {
      document.documentElement.style.visibility = 'hidden'
      location.replace('/')
      return
    }
    if (sessionStorage.getItem(${JSON.stringify(keys.sessionExpired)}) !== null)
      document.documentElement.setAttribute('data-session-expired', '')
  } catch {
    // Storage refused (a private window's policy): the app decides once it runs.
  }
  const link = (rel, href) => {
    const element = document.createElement('link')
    element.rel = rel
    element.crossOrigin = 'anonymous'
    element.href = href
    document.head.append(element)
  }
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of ${JSON.stringify(preloads)}) link('modulepreload', href)
      import(${JSON.stringify(entry)})
    }),
  )
  addEventListener(
    'load',
    () => {
      const idle = window.requestIdleCallback ?? ((then) => setTimeout(then, 200))
      idle(() => {
        for (const href of ${JSON.stringify(prefetch)}) link('prefetch', href)
      })
    },
    { once: true },
  )
})()
`
}

/**
 * index.html with `markup` in #root, not interactive (`inert`) until the app's first render replaces
 * it (main.tsx: createRoot empties the container); the login route's stylesheets render-blocking
 * rather than preloaded, so that the markup paints styled; the entry script and its preloads replaced
 * by `bootSrc` (`loginBoot`), which loads them after the first paint.
 * Mantine's light-scheme rules key on the html element's attribute, which MantineProvider would set
 * only once the app runs.
 */
export function loginHtml(indexHtml, markup, stylesheets, bootSrc) {
  if (/<script/i.test(markup)) throw new Error('The pre-rendered sign-in page must hold no script (CSP)')
  if (indexHtml.split(ROOT_DIV).length !== 2) throw new Error(`index.html must hold one ${ROOT_DIV}`)
  const html = indexHtml
    .replace(ROOT_DIV, `<div id="root"><div inert>${markup}<div id="${MARKUP_END}"></div></div></div>`)
    .replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">')
  // The stylesheets first, then the boot script alone: the page paints from HTML and CSS. Vite writes
  // one tag a line.
  const lines = html
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('<link rel="modulepreload"'))
    .map((line) =>
      line.trimStart().startsWith('<script type="module"')
        ? `${line.match(/^\s*/)[0]}<script src="${bootSrc}"></script>`
        : line,
    )
  const hrefOf = (line) => {
    const [, rel, href] =
      line.match(/^\s*<link rel="(stylesheet|preload" as="style)"[^>]* href="([^"]+)">$/) ?? []
    return rel === 'stylesheet' || stylesheets.includes(href) ? href : undefined
  }
  const hrefs = lines.map(hrefOf).filter((href) => href && !stylesheets.includes(href))
  hrefs.push(...stylesheets)
  const rest = lines.filter((line) => !hrefOf(line))
  const firstScript = rest.findIndex((line) => line.trimStart().startsWith('<script'))
  if (firstScript < 0) throw new Error('index.html has no entry script')
  const indent = rest[firstScript].match(/^\s*/)[0]
  rest.splice(
    firstScript,
    0,
    `${indent}<link rel="expect" href="#${MARKUP_END}" blocking="render">`,
    ...hrefs.map((href) => `${indent}<link rel="stylesheet" crossorigin href="${href}">`),
  )
  return rest.join('\n')
}

async function renderLoginMarkup(webDir, outDir) {
  const { build } = await import('vite')
  await build({
    root: webDir,
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: SSR_ENTRY, outDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
  })
  // The sign-in form reads whether a session has just expired; a first visit has nothing stored.
  globalThis.sessionStorage ??= { getItem: () => null, setItem() {}, removeItem() {} }
  const entry = path.join(outDir, `${path.basename(SSR_ENTRY, '.tsx')}.js`)
  const { renderLoginPage, bootKeys } = await import(pathToFileURL(entry).href)
  return { markup: renderLoginPage(), bootKeys }
}

export async function prerenderLogin(root) {
  const webDir = path.join(root, 'web')
  const dist = path.join(webDir, 'dist')
  // Inside the repository, so that the SSR bundle's imports of React and Mantine resolve.
  const outDir = path.join(root, 'node_modules/.cache/daftar-prerender-login')
  const { markup, bootKeys } = await renderLoginMarkup(webDir, outDir)
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const boot = loginBoot(indexHtml, bootKeys, signedInFiles(manifest, indexHtml))
  const bootSrc = `/assets/login-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`
  fs.writeFileSync(path.join(dist, bootSrc), boot)
  fs.writeFileSync(
    path.join(dist, 'login.html'),
    loginHtml(indexHtml, markup, loginStylesheets(manifest), bootSrc),
  )
  fs.rmSync(outDir, { recursive: true, force: true })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prerenderLogin(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'))
}
