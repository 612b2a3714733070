#!/usr/bin/env node
// login.html: the built index.html with the sign-in page rendered into #root, so that /login paints
// from the HTML instead of after ~190 KiB of JavaScript has downloaded and run (docs/decisions.md,
// "The sign-in page in the HTML (issue 12, third round)"). Run by scripts/build-web.mjs after the
// client build: a Vite SSR build of web/src/features/auth/login-prerender.tsx (the real LoginPage in
// the app's MantineProvider and theme, with the same CSS-module class names as the client build),
// rendered with react-dom/server. The server answers GET /login with it (server/src/app.ts).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import postcss from 'postcss'

const LOGIN_MODULE = 'src/features/auth/LoginPage.tsx'
const SSR_ENTRY = 'src/features/auth/login-prerender.tsx'
const ROOT_DIV = '<div id="root"></div>'

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

/**
 * The rules of `css` that can apply to `markup`: those whose selectors name only classes the markup
 * uses (outside :not() and the like, which may name absent ones), and those naming none. Keyframes
 * are left out: nothing animates in the first paint.
 */
export function criticalCss(css, markup) {
  const used = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)))
  const root = postcss.parse(css)
  root.walkAtRules(/keyframes$/i, (rule) => {
    rule.remove()
  })
  root.walkRules((rule) => {
    const applies = rule.selectors.some((selector) => {
      const outside = selector.replace(/:(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g, '')
      return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => used.has(m[1]))
    })
    if (!applies) rule.remove()
  })
  root.walkAtRules((rule) => {
    if (rule.nodes?.length === 0) rule.remove()
  })
  return root.toString()
}

/**
 * index.html with `markup` in #root, not interactive (`inert`) until the app's first render replaces
 * it (main.tsx: createRoot empties the container). The CSS the markup needs is inline in the head
 * (`style-src` allows it), so the page paints from the HTML alone; the stylesheets are only
 * preloaded, at low priority like the scripts, and main.tsx applies them (in the head, so in index.html's
 * order) before the app's first render. Mantine's light-scheme rules key on the html element's
 * attribute, which MantineProvider would set only once the app runs.
 */
export function loginHtml(indexHtml, markup, inlineCss, stylesheets) {
  if (/<script/i.test(markup)) throw new Error('The pre-rendered sign-in page must hold no script (CSP)')
  if (indexHtml.split(ROOT_DIV).length !== 2) throw new Error(`index.html must hold one ${ROOT_DIV}`)
  if (/<\/style/i.test(inlineCss)) throw new Error('The inline CSS must not close its style element')
  const preload = (href) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${href}">`
  let html = indexHtml
  for (const href of stylesheets) {
    const asked = `<link rel="preload" as="style" crossorigin href="${href}">`
    html = html.includes(asked)
      ? html.replace(asked, preload(href))
      : html.replace('</head>', `${preload(href)}\n</head>`)
  }
  return html
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href) => preload(href))
    .replace('</title>', `</title>\n    <style>${inlineCss}</style>`)
    .replace(ROOT_DIV, `<div id="root"><div inert>${markup}</div></div>`)
    .replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">')
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
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
  const { renderLoginPage } = await import(pathToFileURL(entry).href)
  return renderLoginPage()
}

export async function prerenderLogin(root) {
  const webDir = path.join(root, 'web')
  const dist = path.join(webDir, 'dist')
  // Inside the repository, so that the SSR bundle's imports of React and Mantine resolve.
  const outDir = path.join(root, 'node_modules/.cache/daftar-prerender-login')
  const markup = await renderLoginMarkup(webDir, outDir)
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const stylesheets = loginStylesheets(manifest)
  const css = [manifest['index.html'].css ?? [], stylesheets]
    .flat()
    .map((file) => fs.readFileSync(path.join(dist, file.replace(/^\//, '')), 'utf8'))
    .join('\n')
  const html = loginHtml(indexHtml, markup, criticalCss(css, markup), stylesheets)
  fs.writeFileSync(path.join(dist, 'login.html'), html)
  fs.rmSync(outDir, { recursive: true, force: true })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prerenderLogin(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'))
}
