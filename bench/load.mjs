#!/usr/bin/env node
// Load benchmark: signs in as a demo user and drives the busiest read endpoints with autocannon.
//   node bench/load.mjs [baseUrl] [seconds]      (default http://localhost:3000, 10 s each)
// Run it against `npm start` (embedded database) or a server on PostgreSQL to compare them.
import autocannon from 'autocannon'

const base = process.argv[2] ?? 'http://localhost:3000'
const duration = Number(process.argv[3] ?? 10)

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    identifier: process.env.BENCH_USER ?? 'admin@example.com',
    password: process.env.BENCH_PASSWORD ?? 'Demo@1234',
  }),
})
if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`)
const { accessToken } = await login.json()

const endpoints = [
  '/api/users/me',
  '/api/tasks',
  '/api/tasks/finished',
  '/api/notifications/unread-count',
  '/api/clients',
  '/api/projects',
]
for (const path of endpoints) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections: 20,
    duration,
    headers: { authorization: `Bearer ${accessToken}` },
  })
  const errors = result.non2xx + result.errors
  console.log(
    `${path.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${errors ? `  ${errors} errors` : ''}`,
  )
}
