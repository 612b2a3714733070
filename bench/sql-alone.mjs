// The SQL alone (bench/README.md): what one request of a list path sends to PostgreSQL, captured by the
// server (SQL_CAPTURE_FILE, server/src/platform/sql-capture.ts) and run by pgbench at the same number
// of connections, in the same minute as the path itself. The path's rate over pgbench's is how close
// the API comes to its own database work.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The header that asks the server to capture one request's statements. */
export const CAPTURE_HEADER = 'x-daftar-capture-sql'

export const hasPgbench = () => spawnSync('pgbench', ['--version']).status === 0

/** Sends `url` once with the capture header; answers the statements that request sent, in order. */
export async function captureStatements(base, url, token, file) {
  fs.writeFileSync(file, '')
  const res = await fetch(`${base}${url}`, {
    headers: { authorization: `Bearer ${token}`, [CAPTURE_HEADER]: '1' },
  })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((s) => s.url === url)
}

const quote = (text) => `'${String(text).replace(/'/g, "''")}'`

/** A value as node-postgres sends it, written as a literal: arrays as PostgreSQL array text. */
function literal(value) {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value))
    return quote(
      `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`,
    )
  return quote(value)
}

/** A pgbench script of the statements, their parameters written in. */
export function pgbenchScript(statements) {
  return statements
    .map(({ text, values }) => `${text.replace(/\$(\d+)/g, (_, n) => literal(values[Number(n) - 1]))};`)
    .join('\n')
}

/** Transactions per second of `script` (one run of every statement) at `connections`, or null. */
export function pgbenchRate(databaseUrl, script, connections, seconds) {
  const file = path.join(os.tmpdir(), `daftar-pgbench-${process.pid}.sql`)
  fs.writeFileSync(file, script)
  const run = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      'extended',
      '-c',
      String(connections),
      '-j',
      '2',
      // pgbench times whole seconds: a shorter run is a count of transactions per connection instead.
      ...(seconds >= 1 ? ['-T', String(Math.round(seconds))] : ['-t', '20']),
      '-f',
      file,
      databaseUrl,
    ],
    { encoding: 'utf8' },
  )
  fs.rmSync(file, { force: true })
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout ?? '')
  if (!tps) {
    console.warn(`pgbench failed: ${(run.stderr || run.stdout || '').slice(0, 400)}`)
    return null
  }
  return Number(tps[1])
}
