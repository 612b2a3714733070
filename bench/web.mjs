#!/usr/bin/env node
// `npm run bench:web [-- --scale 1]`: Lighthouse (mobile profile, simulated throttling) in Debian's
// Chromium on /login and on the task list after sign-in, against the production server on the
// benchmark's PostgreSQL database (seeded like `npm run bench` when missing). Prints LCP, TBT, CLS and
// the bytes transferred against the goals of issue 12 and appends them to the day's results file.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import pg from 'pg'
import puppeteer from 'puppeteer-core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values: opts } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
})
const GOALS = { lcp: 2000, tbt: 150, cls: 0.05 }
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const databaseUrl =
  process.env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/daftar_bench_${opts.scale.replace('.', '_')}`

// The production build, current.
const built = spawnSync(
  process.execPath,
  ['-e', "import('./scripts/web-build-stamp.mjs').then(m => process.exit(m.webBuildIsCurrent('.') ? 0 : 1))"],
  { cwd: root },
)
if (built.status !== 0) {
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(1)
}

// The seeded database.
{
  const name = new URL(databaseUrl).pathname.slice(1)
  const admin = new pg.Client({ connectionString: new URL('/postgres', databaseUrl).toString() })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount
  if (!exists) await admin.query(`create database "${name.replace(/"/g, '')}"`)
  await admin.end()
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const seeded = await db
    .query(`select 1 from organisations where name = 'Bench Firm 1'`)
    .then((r) => r.rowCount > 0)
    .catch(() => false)
  await db.end()
  if (!seeded) {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/src/bench-seed.ts', '--scale', opts.scale],
      { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
    )
    if (result.status !== 0) process.exit(1)
  }
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address()
    s.close(() => resolve(port))
  })
})
const base = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
})
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/login`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break
  if (i > 600) throw new Error('The server did not start')
  await new Promise((resolve) => setTimeout(resolve, 100))
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
const results = []
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  const audit = async (label, url, page) => {
    const run = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(page),
      },
      undefined,
      page,
    )
    const a = run.lhr.audits
    const result = {
      label,
      score: run.lhr.categories.performance.score,
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      bytes: a['total-byte-weight'].numericValue,
      unusedJs: a['unused-javascript']?.details?.overallSavingsBytes ?? 0,
    }
    results.push(result)
    console.log(
      `${label}: score ${result.score}, FCP ${(result.fcp / 1000).toFixed(2)} s, LCP ${(result.lcp / 1000).toFixed(2)} s, TBT ${result.tbt.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, ${(result.bytes / 1024).toFixed(0)} KiB`,
    )
  }

  await audit('/login', `${base}/login`)

  // Signed in as the staff user: tokens in localStorage as the app keeps them (web/src/api/session.ts).
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 's1u3', password: 'Bench@12345' }),
  }).then((r) => r.json())
  const page = await browser.newPage()
  await page.goto(`${base}/login`)
  await page.evaluate((tokens) => {
    localStorage.setItem('daftar.accessToken', tokens.accessToken)
    localStorage.setItem('daftar.refreshToken', tokens.refreshToken)
  }, login)
  await audit('task list (signed in)', `${base}/`, page)

  // Time to content with the seeded volumes: from navigation to the first task title on screen.
  for (const [label, url, selector] of [['task list', `${base}/`, 'table tbody tr td']]) {
    const started = Date.now()
    await page.goto(url)
    await page.waitForSelector(selector, { timeout: 30_000 }).catch(() => null)
    console.log(`${label}: content after ${Date.now() - started} ms (unthrottled)`)
  }
  await browser.disconnect()
} finally {
  await chrome.kill()
  server.kill('SIGTERM')
}

const lines = [
  '',
  `## Browser (Lighthouse mobile, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  '| page | score | FCP s | LCP s | TBT ms | CLS | KiB | unused JS KiB |',
  '|---|--:|--:|--:|--:|--:|--:|--:|',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.score} | ${(r.fcp / 1000).toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(0)} | ${(r.unusedJs / 1024).toFixed(0)} |`,
  ),
  '',
  ...results.flatMap((r) => [
    `- ${r.lcp <= GOALS.lcp ? '✅' : '❌'} ${r.label}: LCP ≤ ${GOALS.lcp / 1000} s (${(r.lcp / 1000).toFixed(2)} s)`,
    `- ${r.tbt <= GOALS.tbt ? '✅' : '❌'} ${r.label}: TBT ≤ ${GOALS.tbt} ms (${r.tbt.toFixed(0)} ms)`,
    `- ${r.cls <= GOALS.cls ? '✅' : '❌'} ${r.label}: CLS ≤ ${GOALS.cls} (${r.cls.toFixed(3)})`,
  ]),
  '',
]
console.log(lines.join('\n'))
if (opts.out !== '-') {
  const out =
    opts.out ??
    path.join(root, 'bench/results', `${new Date().toISOString().slice(0, 10)}-${os.hostname()}.md`)
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.appendFileSync(out, lines.join('\n'))
  console.log(`Appended to ${path.relative(root, out)}`)
}
process.exit(0)
