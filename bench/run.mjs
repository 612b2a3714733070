#!/usr/bin/env node
// `npm run bench [-- options]`: the benchmark suite of bench/README.md. Starts the server as a
// user runs it in production (NODE_ENV=production; on PostgreSQL, then on PGlite) on a database filled
// by `npm run bench:seed`, and a bare Fastify (bench/baseline.mjs) answering the same JSON bodies from
// memory; drives both with autocannon on the busiest read and write paths; prints a table of req/s,
// p50, p99 and the ratio to the baseline, with the server's event-loop delay, checks the goals in
// docs/decisions.md ("Performance"), and appends it all to bench/results/<date>-<machine>.md.
//
//   --scale 1            volume of the seeded organisation (0.01 for a quick run)
//   --duration 10        seconds per read path and connection count (a fraction for a smoke run)
//   --connections 10,50
//   --passes pg,pglite   which databases (pg uses BENCH_DATABASE_URL, default a database
//                        daftar_bench_<scale> on postgres://postgres@127.0.0.1:5432, created when missing;
//                        it is a template: each pass serves a fresh copy of it, dropped afterwards)
//   --import-rows N      rows of the timed supplier import (default 20,000 × scale, at most 20,000)
//   --out <file>         results file (default bench/results/<date>-<machine>.md; "-" for none)
//   --only tasks,home    only the read paths whose names contain one of these words, and no writes
//                        or import: for measuring one change quickly
// Not a timed test: CI runs it at a tiny scale for a quarter of a second per path to keep it working.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { compiledServer } from '../scripts/server-entry.mjs'
import { captureStatements, hasPgbench, pgbenchRate, pgbenchScript } from './sql-alone.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values: opts } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    /** PGlite loads one statement at a time: a smaller organisation keeps seeding it to minutes. */
    'pglite-scale': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10,50' },
    passes: { type: 'string', default: 'pg,pglite' },
    out: { type: 'string' },
    'import-rows': { type: 'string' },
    only: { type: 'string' },
  },
})
const scale = Number(opts.scale)
const pgliteScale = Number(opts['pglite-scale'] ?? opts.scale)
const duration = Number(opts.duration)
const connectionCounts = opts.connections.split(',').map(Number)
const passes = opts.passes.split(',')
const SEED = 1
const PASSWORD = 'Bench@12345'
const users = { admin: `s${SEED}u1`, staff: `s${SEED}u3` }
const scaleTag = String(scale).replace('.', '_')

const GOALS = {
  listRatio: 0.4,
  sqlRatio: 0.7,
  listP99: 50,
  cheapRatio: 0.85,
  pgliteP99: 100,
  pgliteStall: 50,
  startSeconds: 2,
  importSeconds: 60,
}
const only = opts.only?.split(',')
const importRows = Number(opts['import-rows'] ?? Math.min(20_000, Math.round(20_000 * scale)))

// ---------------------------------------------------------------------------------------------------
// Databases

/**
 * Every run measures the same database: the seeded one is a pristine template that no server ever
 * serves; each pass serves a fresh copy of it (the write paths add tasks, clients, access entries and
 * notifications, which made each run measure a bigger database than the last), dropped afterwards.
 * A template without this marker (seeded before, or served by an older suite) is seeded again.
 */
const PRISTINE = `daftar bench: seed ${SEED}, scale ${scale}, pristine`

async function ensurePostgres() {
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/daftar_bench_${scaleTag}`
  const name = new URL(url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() })
  await admin.connect()
  try {
    const { rows } = await admin.query(
      `select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1`,
      [name],
    )
    if (rows[0]?.marker !== PRISTINE) {
      if (rows.length) {
        // Not WITH (FORCE): a server someone else runs on it fails this run rather than losing its database.
        console.log(`${name} is not a pristine bench database: seeding it again`)
        await admin.query(`drop database ${quoteIdent(name)}`)
      }
      await admin.query(`create database ${quoteIdent(name)}`)
      seed({ DATABASE_URL: url })
    }
    migrateTemplate({ DATABASE_URL: url })
    // Marked only once seeded and migrated: an interrupted seeding is redone next time.
    await admin.query(`comment on database ${quoteIdent(name)} is ${quoteLiteral(PRISTINE)}`)
    const copy = `${name}_run_${process.pid}`
    await cloneDatabase(admin, name, copy)
    return {
      env: { DATABASE_URL: new URL(`/${copy}`, url).toString() },
      async dispose() {
        const client = new pg.Client({ connectionString: new URL('/postgres', url).toString() })
        await client.connect()
        await client.query(`drop database if exists ${quoteIdent(copy)} with (force)`)
        await client.end()
      },
    }
  } finally {
    await admin.end()
  }
}

/** CREATE DATABASE … TEMPLATE needs the template to itself: another run cloning it waits a moment. */
async function cloneDatabase(admin, template, copy) {
  await admin.query(`drop database if exists ${quoteIdent(copy)} with (force)`)
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${quoteIdent(copy)} template ${quoteIdent(template)}`)
      return
    } catch (error) {
      if (attempt >= 30 || !/being accessed by other users/.test(String(error))) throw error
      await sleep(1000)
    }
  }
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`
const quoteLiteral = (text) => `'${text.replace(/'/g, "''")}'`

function ensurePglite() {
  const template = path.join(root, `bench/.data/pglite-${String(pgliteScale).replace('.', '_')}`)
  const marker = path.join(template, '.seeded')
  const pristine = `${PRISTINE} (PGlite, scale ${pgliteScale})`
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== pristine) {
    fs.rmSync(template, { recursive: true, force: true })
    fs.mkdirSync(template, { recursive: true })
    seed({ DATA_DIR: template }, pgliteScale)
  }
  migrateTemplate({ DATA_DIR: template })
  fs.writeFileSync(marker, pristine)
  const copy = `${template}-run-${process.pid}`
  fs.rmSync(copy, { recursive: true, force: true })
  fs.cpSync(template, copy, { recursive: true, filter: (src) => path.basename(src) !== 'daftar.lock' })
  return {
    env: { DATA_DIR: copy },
    async dispose() {
      fs.rmSync(copy, { recursive: true, force: true })
    },
  }
}

function migrateTemplate(env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/migrate.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: cleanEnv(env),
  })
  if (result.status !== 0) throw new Error('Migrating the bench database failed')
}

function seed(env, at = scale) {
  console.log(`Seeding at scale ${at} (${env.DATABASE_URL ?? env.DATA_DIR})`)
  const started = Date.now()
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/bench-seed.ts', '--scale', String(at), '--seed', String(SEED)],
    { cwd: root, stdio: 'inherit', env: cleanEnv(env) },
  )
  if (result.status !== 0) throw new Error('Seeding failed')
  return (Date.now() - started) / 1000
}

function cleanEnv(extra) {
  const env = { ...process.env, ...extra }
  if (!extra.DATABASE_URL) delete env.DATABASE_URL
  return env
}

// ---------------------------------------------------------------------------------------------------
// Processes

/** Starts the production server; resolves when it answers, with the time that took. */
async function startServer(dbEnv) {
  const logFile = path.join(os.tmpdir(), `daftar-bench-${process.pid}-${Date.now()}.log`)
  const captureFile = path.join(os.tmpdir(), `daftar-bench-sql-${process.pid}.jsonl`)
  const out = fs.openSync(logFile, 'w')
  const port = await freePort()
  const started = Date.now()
  const child = spawn(process.execPath, ['--import', './bench/event-loop-probe.mjs', compiledServer(root)], {
    cwd: root,
    stdio: ['ignore', out, out, 'ipc'],
    env: cleanEnv({
      ...dbEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      // Only requests carrying the capture header are captured (bench/sql-alone.mjs).
      SQL_CAPTURE_FILE: captureFile,
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // One client address signs in for every connection of the run.
      LOGIN_MAX_PER_IP: '100000',
      LOGIN_MAX_PER_IDENTIFIER: '100000',
    }),
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${fs.readFileSync(logFile, 'utf8')}`)
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) break
    if (Date.now() - started > 120_000) throw new Error('The server did not start in 2 minutes')
    await sleep(50)
  }
  const startSeconds = (Date.now() - started) / 1000
  const eld = {
    reset: () => child.send('eld:reset'),
    read: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m.eld))
        child.send('eld:read')
      }),
  }
  return {
    base,
    startSeconds,
    captureFile,
    eld,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      fs.closeSync(out)
      fs.rmSync(logFile, { force: true })
    },
  }
}

async function startBaseline(bodies) {
  const file = path.join(os.tmpdir(), `daftar-bench-bodies-${process.pid}.json`)
  fs.writeFileSync(file, JSON.stringify(bodies))
  const child = spawn(process.execPath, [path.join(root, 'bench/baseline.mjs'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /listening on (\d+)/.exec(String(chunk))
      if (match) resolve(Number(match[1]))
    })
    child.on('exit', (code) => reject(new Error(`baseline exited ${code}`)))
  })
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      fs.rmSync(file, { force: true })
    },
  }
}

async function freePort() {
  const net = await import('node:net')
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------------
// The paths

async function call(base, token, method, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !headers['content-type'] ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`)
  return { status: res.status, body: text }
}

async function signIn(base, identifier) {
  const { body } = await call(base, null, 'POST', '/api/auth/login', { identifier, password: PASSWORD })
  return JSON.parse(body).accessToken
}

/** The read paths a user hits most, as the user who hits them. */
async function readPaths(base, tokens) {
  const staffClients = JSON.parse(
    (await call(base, tokens.staff, 'GET', '/api/clients?searchQuery=Apex')).body,
  )
  const rows = staffClients.data ?? staffClients.clients ?? staffClients.items ?? staffClients
  const clientId = (Array.isArray(rows) ? rows[0] : undefined)?.client_id
  if (!clientId) throw new Error('The staff user sees no client named Apex: is the database seeded?')
  return [
    { name: 'users/me', user: 'staff', url: '/api/users/me', cheap: true },
    { name: 'tasks (tabs)', user: 'staff', url: '/api/tasks', list: true },
    { name: 'tasks finished p50', user: 'staff', url: '/api/tasks/finished?page=50', list: true },
    { name: 'notifications', user: 'staff', url: '/api/notifications', list: true },
    { name: 'notifications unread', user: 'staff', url: '/api/notifications/unread-count' },
    { name: 'clients search (staff)', user: 'staff', url: '/api/clients?searchQuery=Apex', list: true },
    { name: 'projects search (staff)', user: 'staff', url: '/api/projects?searchQuery=Solar', list: true },
    { name: 'client detail', user: 'staff', url: `/api/clients/${clientId}` },
    { name: 'approval queue', user: 'admin', url: '/api/admin-actions/pending', list: true },
    { name: 'reports (staff)', user: 'staff', url: '/api/reports', list: true },
    // Every report of the organisation (100,000 at scale 1), counted no further than 50 pages ahead.
    { name: 'reports (admin)', user: 'admin', url: '/api/reports', list: true },
    // The landing page: every section in one answer, as each role sees it.
    { name: 'home (staff)', user: 'staff', url: '/api/home', list: true },
    { name: 'home (admin)', user: 'admin', url: '/api/home', list: true },
    // Global search (docs/decisions.md, "Search"): a name, an invoice number, a task's words.
    { name: 'search name (staff)', user: 'staff', url: '/api/search?q=Apex%20Infra', list: true },
    { name: 'search name (admin)', user: 'admin', url: '/api/search?q=Kaveri%20Pharma', list: true },
    { name: 'search invoice (admin)', user: 'admin', url: '/api/search?q=S1-INV-012345', list: true },
    { name: 'search task (staff)', user: 'staff', url: '/api/search?q=Prepare%20BOQ', list: true },
  ]
}

const BOUNDARY = '----daftarbench'
const multipart = (fields) =>
  `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`
const uuidIn = (text) => /"(?:task_id|actionId|action_id|taskId)":"([0-9a-f-]{36})"/.exec(text)?.[1]

/**
 * The write paths, in order: each of complete / approve works through the ids the one before made.
 * Tasks are created by the admin for the staff user, who completes them; the admin approves. Client
 * requests are made by the staff user and approved by the admin.
 */
function writePaths() {
  return [
    {
      name: 'create task',
      user: 'admin',
      method: 'POST',
      url: () => '/api/tasks',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: () =>
        multipart({ title: 'Bench task', assignTo: users.staff, details: 'Made by the benchmark.' }),
      produces: 'tasks',
    },
    {
      name: 'complete task',
      user: 'staff',
      method: 'PUT',
      url: (id) => `/api/tasks/${id}/complete`,
      body: () => JSON.stringify({ completionFeedback: 'Done by the benchmark.' }),
      consumes: 'tasks',
      produces: 'completed',
    },
    {
      name: 'approve task',
      user: 'admin',
      method: 'PUT',
      url: (id) => `/api/tasks/${id}/approve`,
      body: () => '{}',
      consumes: 'completed',
    },
    {
      name: 'create client request',
      user: 'staff',
      method: 'POST',
      url: () => '/api/clients',
      body: (n) => JSON.stringify({ name: `Bench Requested Client ${n}`, contacts: [] }),
      produces: 'requests',
    },
    {
      name: 'approve client request',
      user: 'admin',
      method: 'PUT',
      url: (id) => `/api/admin-actions/pending/${id}/approve`,
      body: () => '{}',
      consumes: 'requests',
    },
  ]
}

// ---------------------------------------------------------------------------------------------------
// Measuring

function summarise(result) {
  return {
    // Over the whole run (the per-second average misses a run shorter than its first second).
    rps: result.requests.total / Math.max((result.finish - result.start) / 1000, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }
}

// autocannon ends a run at its next sample, one a second by default: a run shorter than a second
// samples as often as it lasts.
const sampleInt = Math.min(1000, Math.max(100, duration * 1000))

async function drive(options) {
  return summarise(await autocannon({ ...options, timeout: 30, sampleInt }))
}

async function runPass(label, dbEnv) {
  console.log(`\n=== ${label} ===`)
  // The second start on this database: migrations and seeding already done.
  const server = await startServer(dbEnv)
  console.log(`server answering ${server.startSeconds.toFixed(1)} s after start`)
  const tokens = {}
  // An access token lives 15 minutes, less than a whole pass on a slow machine: each stage signs in
  // again (the writes at 50 connections once answered 401 for the rest of the run).
  const signInAll = async () => {
    tokens.admin = await signIn(server.base, users.admin)
    tokens.staff = await signIn(server.base, users.staff)
  }
  await signInAll()
  const reads = (await readPaths(server.base, tokens)).filter(
    (r) => !only || only.some((word) => r.name.includes(word)),
  )

  // What the server answers, for the baseline to answer from memory.
  const bodies = {}
  for (const r of reads) bodies[`GET ${r.url}`] = await call(server.base, tokens[r.user], 'GET', r.url)
  const writes = only ? [] : writePaths()
  const pools = { tasks: [], completed: [], requests: [] }
  for (const w of writes) {
    const id = w.consumes ? pools[w.consumes].shift() : undefined
    const res = await call(server.base, tokens[w.user], w.method, w.url(id), w.body?.(0), w.headers)
    bodies[`${w.method} ${w.url(':id')}`] = res
    if (w.produces) pools[w.produces].push(w.produces === 'completed' ? id : uuidIn(res.body))
  }
  const baseline = await startBaseline(bodies)

  const rows = []
  // Every read at every connection count first, then the writes: the writes add tasks, notifications,
  // clients and their access entries for the staff user (thousands in a run), and reads measured after
  // them measured a different database (the staff's client search fell from 706 req/s at 10
  // connections to 80 at 50, after the writes at 10 had given the user some 5,000 more clients).
  for (const connections of connectionCounts) {
    await signInAll()
    for (const r of reads) {
      const headers = { authorization: `Bearer ${tokens[r.user]}` }
      server.eld.reset()
      const real = await drive({ url: `${server.base}${r.url}`, connections, duration, headers })
      const eld = await server.eld.read()
      const bare = await drive({ url: `${baseline.base}${r.url}`, connections, duration, headers })
      const sql = r.list ? await sqlAlone(server, dbEnv, r, tokens[r.user], connections) : undefined
      rows.push({ kind: 'read', ...r, connections, real, bare, eld, sql })
      console.log(line(rows.at(-1)))
    }
  }
  for (const connections of connectionCounts) {
    await signInAll()
    const made = { tasks: [], completed: [], requests: [] }
    let counter = 0
    for (const w of writes) {
      const queue = w.consumes ? made[w.consumes] : null
      // Creating runs for the duration; completing and approving work through what was created.
      const amount = queue ? queue.length : undefined
      if (amount === 0) continue
      const headers = {
        authorization: `Bearer ${tokens[w.user]}`,
        'content-type': 'application/json',
        ...w.headers,
      }
      const request = {
        method: w.method,
        path: w.url(':id'),
        headers,
        setupRequest(req, context) {
          const id = queue ? queue.shift() : undefined
          context.id = id
          counter++
          return { ...req, path: w.url(id ?? ':id'), body: w.body?.(counter) }
        },
        onResponse(status, body, context) {
          if (status >= 300 || !w.produces) return
          made[w.produces].push(w.produces === 'completed' ? context.id : uuidIn(body))
        },
      }
      server.eld.reset()
      const real = await drive({
        url: server.base,
        // autocannon refuses more connections than requests: a short run may have created fewer.
        connections: amount ? Math.min(connections, amount) : connections,
        ...(amount ? { amount } : { duration }),
        requests: [request],
      })
      const eld = await server.eld.read()
      // The baseline needs no ids: it runs for the duration (a run of `amount` requests ends on a
      // whole-second tick, which caps a fast server's req/s at `amount`).
      const bare = await drive({
        url: baseline.base,
        connections,
        duration,
        requests: [{ method: w.method, path: w.url(':id'), headers, body: w.body?.(0) }],
      })
      rows.push({ kind: 'write', name: w.name, user: w.user, connections, real, bare, eld })
      console.log(line(rows.at(-1)))
    }
  }
  if (!only) await signInAll()
  const imported = only ? undefined : await timeImport(server.base, tokens.admin)
  if (imported) console.log(`import of ${imported.rows} suppliers: ${imported.seconds.toFixed(1)} s`)
  await baseline.stop()
  await server.stop()
  return { label, startSeconds: server.startSeconds, rows, imported }
}

/**
 * A list path's own SQL run by pgbench right after the path (bench/sql-alone.mjs): on PostgreSQL,
 * where pgbench is installed. Answers its rate and how many statements one request sends.
 */
async function sqlAlone(server, dbEnv, read, token, connections) {
  if (!dbEnv.DATABASE_URL || !hasPgbench()) return undefined
  const statements = await captureStatements(server.base, read.url, token, server.captureFile)
  const tps = pgbenchRate(dbEnv.DATABASE_URL, pgbenchScript(statements), connections, duration)
  return tps === null ? undefined : { tps, statements: statements.length }
}

/**
 * One real import of a supplier sheet (docs/decisions.md, "Import"): every row valid and new, so all
 * of them are checked, saved in batches of 1,000 and audited. Timed from upload to answer.
 */
async function timeImport(base, token) {
  const tag = Date.now().toString(36)
  const lines = ['Supplier Name,Product Category,Address,Contact Phone,IFSC,Account Number']
  for (let i = 0; i < importRows; i++)
    lines.push(
      `Bench Supplier ${tag}-${i},Cement,"Plot ${i}, MIDC, Pune",+91 98220 ${String(i).padStart(5, '0')},SBIN0001234,3012${i}`,
    )
  const form = new FormData()
  form.set('dry_run', 'false')
  form.set('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'suppliers.csv')
  const started = performance.now()
  const res = await fetch(`${base}/api/import/suppliers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const seconds = (performance.now() - started) / 1000
  const body = await res.json()
  if (!res.ok || body.created !== importRows)
    throw new Error(`The timed import failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
  return { rows: importRows, seconds }
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–')
const ratioOf = (row) => row.real.rps / row.bare.rps
/** The path's rate over its own SQL's in pgbench. */
const sqlRatioOf = (row) => row.real.rps / row.sql.tps

function line(row) {
  return [
    row.name.padEnd(26),
    String(row.connections).padStart(3),
    fmt(row.real.rps).padStart(7),
    `p50 ${fmt(row.real.p50)}`.padStart(8),
    `p99 ${fmt(row.real.p99)}`.padStart(8),
    `bare ${fmt(row.bare.rps)}`.padStart(11),
    `${fmt(ratioOf(row) * 100, 1)} %`.padStart(8),
    `eld p99 ${fmt(row.eld.p99, 1)} max ${fmt(row.eld.max, 1)}`,
    row.sql ? `sql ${fmt(row.sql.tps)} (${row.sql.statements} st.) ${fmt(sqlRatioOf(row) * 100, 1)} %` : '',
    row.real.errors ? `  ${row.real.errors} errors` : '',
  ].join(' ')
}

function goalsOf(pass) {
  const out = []
  const isPg = pass.label.startsWith('PostgreSQL')
  const big = Math.max(...connectionCounts)
  const small = Math.min(...connectionCounts)
  for (const row of pass.rows) {
    if (row.real.errors)
      out.push({
        goal: `${row.name} at ${row.connections}: no errors`,
        met: false,
        got: `${row.real.errors} errors`,
      })
  }
  if (isPg) {
    for (const row of pass.rows.filter((r) => r.sql))
      out.push({
        goal: `${row.name} at ${row.connections}: ≥ ${GOALS.sqlRatio * 100} % of its own SQL in pgbench`,
        met: sqlRatioOf(row) >= GOALS.sqlRatio,
        got: `${fmt(sqlRatioOf(row) * 100, 1)} % (${fmt(row.real.rps)} of ${fmt(row.sql.tps)}; ${row.sql.statements} statements)`,
      })
    for (const row of pass.rows.filter((r) => r.list && r.connections === big)) {
      out.push({
        goal: `${row.name}: ≥ ${GOALS.listRatio * 100} % of bare, p99 ≤ ${GOALS.listP99} ms at ${big}`,
        met: ratioOf(row) >= GOALS.listRatio && row.real.p99 <= GOALS.listP99,
        got: `${fmt(ratioOf(row) * 100, 1)} %, p99 ${row.real.p99} ms`,
      })
    }
    for (const row of pass.rows.filter((r) => r.cheap && r.connections === big)) {
      out.push({
        goal: `${row.name}: ≥ ${GOALS.cheapRatio * 100} % of bare at ${big}`,
        met: ratioOf(row) >= GOALS.cheapRatio,
        got: `${fmt(ratioOf(row) * 100, 1)} %`,
      })
    }
  } else {
    const rows = pass.rows.filter((r) => r.kind === 'read' && r.connections === small)
    const worstP99 = Math.max(...rows.map((r) => r.real.p99))
    const worstStall = Math.max(...rows.map((r) => r.eld.max))
    out.push({
      goal: `reads at ${small}: p99 ≤ ${GOALS.pgliteP99} ms`,
      met: worstP99 <= GOALS.pgliteP99,
      got: `worst ${worstP99} ms`,
    })
    out.push({
      goal: `reads at ${small}: no event-loop stall over ${GOALS.pgliteStall} ms`,
      met: worstStall <= GOALS.pgliteStall,
      got: `worst ${fmt(worstStall, 1)} ms`,
    })
  }
  if (isPg && pass.imported)
    out.push({
      goal: `${pass.imported.rows} suppliers imported in ≤ ${GOALS.importSeconds} s`,
      met: pass.imported.seconds <= GOALS.importSeconds,
      got: `${fmt(pass.imported.seconds, 1)} s`,
    })
  out.push({
    goal: `second start: /api/ready 200 in ≤ ${GOALS.startSeconds} s`,
    met: pass.startSeconds <= GOALS.startSeconds,
    got: `${fmt(pass.startSeconds, 1)} s`,
  })
  return out
}

function report(results) {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim()
  const cpu = os.cpus()
  const lines = [
    `# Benchmark ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine \`${os.hostname()}\`: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end; Node ${process.version}; commit ${commit}.`,
    `Scale ${scale} (organisation "Bench Firm ${SEED}"), ${duration} s per read path and per create (complete and approve work through what was created); autocannon sends no Accept-Encoding, so neither server compresses.`,
    "Ratio: the server's req/s over the bare Fastify's serving the same bodies from memory in the same run. SQL alone: the statements one request of a list sends, captured from the server and run by pgbench (-M extended) at the same connections right after the path; 'of SQL' is the path's req/s over that. Event-loop delay (eld) is the server's during its run, in ms.",
    '',
  ]
  for (const pass of results) {
    lines.push(
      `## ${pass.label}`,
      '',
      `Second start answered after ${fmt(pass.startSeconds, 1)} s.${pass.imported ? ` An import of ${pass.imported.rows} suppliers took ${fmt(pass.imported.seconds, 1)} s.` : ''}`,
      '',
    )
    lines.push(
      '| path | user | conns | req/s | p50 ms | p99 ms | bare req/s | ratio | SQL alone tps | of SQL | eld p99 | eld max | errors |',
    )
    lines.push('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|')
    for (const r of pass.rows) {
      lines.push(
        `| ${r.kind === 'write' ? '✎ ' : ''}${r.name} | ${r.user} | ${r.connections} | ${fmt(r.real.rps)} | ${fmt(r.real.p50)} | ${fmt(r.real.p99)} | ${fmt(r.bare.rps)} | ${fmt(ratioOf(r) * 100, 1)} % | ${r.sql ? fmt(r.sql.tps) : ''} | ${r.sql ? `${fmt(sqlRatioOf(r) * 100, 1)} %` : ''} | ${fmt(r.eld.p99, 1)} | ${fmt(r.eld.max, 1)} | ${r.real.errors} |`,
      )
    }
    lines.push('', '### Goals', '')
    for (const g of goalsOf(pass)) lines.push(`- ${g.met ? '✅' : '❌'} ${g.goal}: ${g.got}`)
    lines.push('')
  }
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------------

const results = []
for (const pass of passes) {
  const label = { pg: 'PostgreSQL', pglite: `PGlite (embedded), scale ${pgliteScale}` }[pass]
  if (!label) throw new Error(`Unknown pass ${pass}`)
  const database = pass === 'pg' ? await ensurePostgres() : ensurePglite()
  try {
    results.push(await runPass(label, database.env))
  } finally {
    await database.dispose()
  }
}
const text = report(results)
console.log(`\n${text}`)
if (opts.out !== '-') {
  const out =
    opts.out ??
    path.join(root, 'bench/results', `${new Date().toISOString().slice(0, 10)}-${os.hostname()}.md`)
  fs.mkdirSync(path.dirname(out), { recursive: true })
  // Appended: a second run on one day (another pass, another machine by the same name) keeps the first.
  fs.appendFileSync(out, `${fs.existsSync(out) ? '\n' : ''}${text}\n`)
  console.log(`Appended to ${path.relative(root, out)}`)
}

// Goals are reported, not enforced (the machine decides the numbers); a path that fails is an error.
const failing = results.flatMap((pass) =>
  pass.rows.filter((r) => r.real.errors).map((r) => `${pass.label}: ${r.name}`),
)
if (failing.length) {
  console.error(`Requests failed on: ${failing.join(', ')}`)
  process.exitCode = 1
}
