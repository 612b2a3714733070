#!/usr/bin/env node
// Durability and fault script (sweep 4; docs/security.md). Not a timed test: run it with
// `npm run fault-test` (FAULT_RUNS=100 by default).
//  1. PGlite: start the real server, write categories in a loop, SIGKILL it at a random moment, restart
//     it on the same data directory; every write acknowledged before the kill must be there, and every
//     restart must come up cleanly. Repeated FAULT_RUNS times.
//  2. PostgreSQL (the machine's, through a TCP proxy this script can cut, so the shared server keeps
//     running): with the database gone, /api/ready and an API call answer 503 within 2 s; when it comes
//     back the server recovers by itself.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { compiledServer } from './server-entry.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.FAULT_RUNS ?? 100)
const PG_URL = process.env.FAULT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
// No call may hang the script: each gives up after 5 s.
const fetch = (url, init = {}) => globalThis.fetch(url, { signal: AbortSignal.timeout(5000), ...init })

async function freePort() {
  const server = net.createServer()
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address()
  await new Promise((r) => server.close(r))
  return port
}

function startServer(env) {
  const child = spawn(process.execPath, [compiledServer(root)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_PER_IP: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  child.output = () => output
  return child
}

async function waitReady(base, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${child.output()}`)
    try {
      const res = await fetch(`${base}/api/ready`)
      if (res.status === 200) return
    } catch {}
    await sleep(100)
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${child.output()}`)
}

async function login(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@example.com', password: 'Demo@1234' }),
  })
  if (res.status !== 200) throw new Error(`login ${res.status} ${await res.text()}`)
  return (await res.json()).accessToken
}

/** The acknowledged category names the server no longer lists: writes a kill lost. */
async function lostWrites(base, token, acknowledged) {
  const list = await (
    await fetch(`${base}/api/categories`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
  const names = new Set(list.map((c) => c.category_name))
  return acknowledged.filter((n) => !names.has(n))
}

const kill = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve()
    child.once('exit', resolve)
    child.kill('SIGKILL')
  })

async function crashLoop() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-fault-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const acknowledged = []
  const startTimes = []
  let restarts = 0
  try {
    for (let run = 1; run <= RUNS; run++) {
      const started = Date.now()
      const child = startServer({ DATA_DIR: dataDir, PORT: String(port) })
      await waitReady(base, child)
      // The first start makes the data directory; the others are restarts after a kill -9.
      if (run > 1) startTimes.push(Date.now() - started)
      restarts++
      const token = await login(base)
      // Everything acknowledged so far must have survived every kill.
      const lost = await lostWrites(base, token, acknowledged)
      if (lost.length)
        throw new Error(`run ${run}: ${lost.length} acknowledged writes lost: ${lost.slice(0, 5)}`)
      const killAt = Date.now() + 50 + Math.random() * 700
      let i = 0
      const writer = (async () => {
        while (child.exitCode === null && !child.signalCode) {
          const name = `fault-${run}-${i++}`
          try {
            const res = await fetch(`${base}/api/categories`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ category_name: name, category_color: '#1e88e5' }),
            })
            if (res.status === 201) acknowledged.push(name)
          } catch {
            return // the connection died with the server: not acknowledged
          }
        }
      })()
      await sleep(Math.max(0, killAt - Date.now()))
      await kill(child)
      await writer
      if (run % 10 === 0)
        console.log(`  ${run}/${RUNS} kills, ${acknowledged.length} acknowledged writes, none lost`)
    }
    // A last start checks the writes of the last run.
    const child = startServer({ DATA_DIR: dataDir, PORT: String(port) })
    await waitReady(base, child)
    const token = await login(base)
    const lost = await lostWrites(base, token, acknowledged)
    await kill(child)
    if (lost.length) throw new Error(`${lost.length} acknowledged writes lost after the last kill`)
    const sorted = [...startTimes].sort((x, y) => x - y)
    const at = (q) =>
      sorted.length ? `${sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]} ms` : 'n/a'
    return {
      kills: RUNS,
      restarts: restarts + 1,
      acknowledged: acknowledged.length,
      lost: 0,
      // Start to the first /api/ready 200 after a kill -9 (docs/decisions.md, "A compiled server").
      readyAfterKill: { median: at(0.5), p90: at(0.9) },
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A TCP proxy to PostgreSQL that can be cut (refusing and dropping connections) and restored. */
async function startProxy(target, port) {
  const sockets = new Set()
  let server
  const listen = () =>
    new Promise((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        for (const s of [client, upstream]) {
          sockets.add(s)
          s.on('close', () => sockets.delete(s))
          s.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', resolve)
    })
  await listen()
  return {
    async cut() {
      const closed = new Promise((r) => server.close(r))
      for (const s of sockets) s.destroy()
      await closed
    },
    restore: listen,
    async close() {
      const closed = new Promise((r) => server.close(() => r()))
      for (const s of sockets) s.destroy()
      await closed
    },
  }
}

async function databaseOutage() {
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  const name = `daftar_fault_${Date.now()}`
  await admin.query(`create database ${name}`)
  const target = new URL(PG_URL)
  const proxyPort = await freePort()
  const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) }, proxyPort)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const url = new URL(PG_URL)
  url.host = `127.0.0.1:${proxyPort}`
  url.pathname = `/${name}`
  const child = startServer({ DATABASE_URL: url.toString(), PORT: String(port) })
  try {
    await waitReady(base, child)
    const token = await login(base)
    console.log('  server up on PostgreSQL through the proxy; cutting the database off')
    await proxy.cut()
    const timed = async (fn) => {
      const started = Date.now()
      const res = await fn()
      return { status: res.status, ms: Date.now() - started, body: await res.text() }
    }
    const ready = await timed(() => fetch(`${base}/api/ready`))
    const api = await timed(() =>
      fetch(`${base}/api/categories`, { headers: { authorization: `Bearer ${token}` } }),
    )
    const health = await timed(() => fetch(`${base}/api/health`))
    await proxy.restore()
    const back = Date.now()
    await waitReady(base, child, 15_000)
    const recoveredMs = Date.now() - back
    const after = await fetch(`${base}/api/categories`, { headers: { authorization: `Bearer ${token}` } })
    const result = {
      readyWhileDown: `${ready.status} in ${ready.ms} ms`,
      apiWhileDown: `${api.status} in ${api.ms} ms (${api.body})`,
      healthWhileDown: `${health.status}`,
      recoveredWithin: `${recoveredMs} ms`,
      apiAfter: after.status,
    }
    const ok =
      ready.status === 503 &&
      ready.ms < 2000 &&
      api.status === 503 &&
      api.ms < 2000 &&
      health.status === 200 &&
      after.status === 200
    return { ok, ...result }
  } finally {
    await kill(child)
    await proxy.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

console.log(`▶ ${RUNS} SIGKILLs during a write loop on PGlite`)
const crash = RUNS > 0 ? await crashLoop() : 'skipped'
console.log('  result:', crash)
console.log('▶ PostgreSQL going away and coming back')
const outage = await databaseOutage()
console.log('  result:', outage)
if (!outage.ok) {
  console.error('✗ fault test failed')
  process.exit(1)
}
console.log('✔ fault test passed')
