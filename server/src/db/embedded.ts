import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

/**
 * Runs PGlite in a worker thread behind a Unix socket (docs/decisions.md, "Platform") and keeps it healthy:
 * - a watchdog: PGlite ignores statement_timeout, so a statement that keeps the worker busy longer than
 *   the timeout gets the worker restarted (the statement's transaction is rolled back, like a crash);
 * - a lock on the data directory, so a second process cannot open it and corrupt it.
 */
export interface EmbeddedOptions {
  /** Directory of the database files; omit with `template` for a throw-away in-memory database. */
  dataDir?: string
  /** Directory to lock against a second process; defaults to dataDir. */
  lockDir?: string
  /** A dump made by `dump()`: the database starts as a copy of it, in memory. */
  template?: Uint8Array
  statementTimeoutMs: number
  onRestart?: (reason: string) => void
}

export interface EmbeddedDatabase {
  /** Directory holding the `.s.PGSQL.5432` socket: pass it as `host` to the pg driver. */
  socketDir: string
  port: number
  dump(): Promise<Uint8Array>
  close(): Promise<void>
}

const PORT = 5432

/** Node's global; the server's type libraries declare WebAssembly's types but not the global itself. */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker it starts (a restart by
 * the watchdog; in the tests, every test file's database): compiling it was a third of a start
 * (docs/decisions.md, "CI time").
 */
let compiledPglite: Promise<WebAssembly.Module> | undefined
function pgliteModule() {
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  compiledPglite ??= fs.promises
    .readFile(path.join(pglite, 'pglite.wasm'))
    .then((bytes) => wasm.compile(bytes))
  return compiledPglite
}

export class DataDirLockedError extends Error {}

export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const lockDir = options.lockDir ?? options.dataDir
  const releaseLock = lockDir ? lockDataDir(lockDir) : () => {}
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-pg-'))
  const socketPath = path.join(socketDir, `.s.PGSQL.${PORT}`)
  let worker: Worker
  let closing = false

  const spawn = async () => {
    fs.rmSync(socketPath, { force: true })
    const wasmModule = await pgliteModule()
    const w = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, template: options.template, socketPath, wasmModule },
      execArgv: [],
    })
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type === 'ready') {
          w.off('error', reject)
          resolve()
        }
      }
      w.on('message', onMessage)
      w.once('error', reject)
    })
    return w
  }

  worker = await spawn()

  // Watchdog: the worker answers pings between statements; silence past the timeout means a statement
  // has run too long.
  let seq = 0
  let lastPong = Date.now()
  let restarting = false
  const onPong = (m: { type: string }) => {
    if (m.type === 'pong') lastPong = Date.now()
  }
  worker.on('message', onPong)
  const interval = setInterval(
    async () => {
      if (closing || restarting) return
      if (Date.now() - lastPong > options.statementTimeoutMs) {
        restarting = true
        options.onRestart?.(`a statement ran longer than ${options.statementTimeoutMs} ms`)
        await worker.terminate()
        worker = await spawn()
        worker.on('message', onPong)
        lastPong = Date.now()
        restarting = false
        return
      }
      worker.postMessage({ type: 'ping', seq: ++seq })
    },
    Math.min(500, Math.max(50, options.statementTimeoutMs / 4)),
  )
  interval.unref()

  return {
    socketDir,
    port: PORT,
    async dump() {
      const reply = new Promise<Uint8Array>((resolve) => {
        const onDump = (m: { type: string; bytes?: Uint8Array }) => {
          if (m.type === 'dump' && m.bytes) {
            worker.off('message', onDump)
            resolve(m.bytes)
          }
        }
        worker.on('message', onDump)
      })
      worker.postMessage({ type: 'dump' })
      return reply
    },
    async close() {
      if (closing) return
      closing = true
      clearInterval(interval)
      const closed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000)
        worker.on('message', (m: { type: string }) => {
          if (m.type === 'closed') {
            clearTimeout(timer)
            resolve()
          }
        })
      })
      worker.postMessage({ type: 'close' })
      await closed
      await worker.terminate()
      fs.rmSync(socketDir, { recursive: true, force: true })
      releaseLock()
    },
  }
}

/**
 * An exclusive lock file: who holds it (pid, host, the process's start time) and, by its modification
 * time, when the holder last said it was alive (every 30 s). It is taken over when its holder is gone:
 * its heartbeat is older than two minutes (a crashed holder, on this host or another sharing the
 * directory), or, on this host, its pid no longer runs or now belongs to another process (a pid reused
 * after a crash: a different start time, or a process that is not Node).
 */
const heldHere = new Set<string>()
const HEARTBEAT_MS = 30_000
const STALE_AFTER_MS = 120_000

interface LockHolder {
  pid: number
  host: string
  /** The process's start time on its host, when the host tells it (Linux): pids are reused. */
  started: string | null
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(fs.realpathSync(dataDir), 'daftar.lock')
  if (heldHere.has(lockPath)) throw new DataDirLockedError(`The data directory ${dataDir} is already open.`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx')
      const me: LockHolder = { pid: process.pid, host: os.hostname(), started: processStart(process.pid) }
      fs.writeSync(fd, JSON.stringify(me))
      fs.closeSync(fd)
      return holdLock(lockPath)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(lockPath)
      if (holder && holderIsAlive(lockPath, holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Daftar process (pid ${holder.pid} on ${holder.host}). ` +
            'Stop that process first, or start this one with a different DATA_DIR.',
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`)
}

function holdLock(lockPath: string): () => void {
  heldHere.add(lockPath)
  const heartbeat = setInterval(() => {
    const now = new Date()
    fs.utimes(lockPath, now, now, () => {})
  }, HEARTBEAT_MS).unref()
  let released = false
  const release = () => {
    if (released) return
    released = true
    // A process that opens and closes databases (the watchdog's restarts, the tests) keeps no listener per lock.
    process.off('exit', release)
    clearInterval(heartbeat)
    heldHere.delete(lockPath)
    try {
      if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath)
    } catch {
      // already gone
    }
  }
  process.once('exit', release)
  return release
}

/** The lock's holder; a lock of an earlier version holds only a pid. */
function readHolder(lockPath: string): LockHolder | null {
  let text: string
  try {
    text = fs.readFileSync(lockPath, 'utf8').trim()
  } catch {
    return null
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), host: os.hostname(), started: null }
  try {
    const holder = JSON.parse(text) as LockHolder
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? holder : null
  } catch {
    return null
  }
}

function holderIsAlive(lockPath: string, holder: LockHolder): boolean {
  const beat = fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0
  const fresh = Date.now() - beat < STALE_AFTER_MS
  if (holder.host !== os.hostname()) return fresh
  // A lock carrying our own pid was left by an earlier run that had the same pid (containers).
  if (holder.pid === process.pid || !isRunning(holder.pid)) return false
  if (holder.started !== null) return holder.started === processStart(holder.pid)
  // An old-format lock: only a Node process may still be the Daftar that wrote it.
  return fresh && isNodeProcess(holder.pid)
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and brackets: count fields after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    return /(^|\/)node(js)?\0/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
  } catch {
    // No /proc (not Linux): the pid runs, so assume it is the holder.
    return true
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
