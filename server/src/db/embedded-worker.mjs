// The embedded database's thread. PGlite executes every statement synchronously inside WASM, so it must
// not share a thread with the HTTP server: here it serves the Postgres wire protocol on a Unix socket,
// and the server talks to it with the same driver it uses for a real PostgreSQL server.
// Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader in every runner.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** @type {{ dataDir?: string, template?: Uint8Array, socketPath: string, wasmModule: WebAssembly.Module }} */
const options = workerData

// pg_trgm backs the clients search indexes (migration 0008); PostgreSQL ships it in contrib.
// The WebAssembly comes compiled from the parent thread, which compiles it once (embedded.ts).
const common = { extensions: { pg_trgm }, pgliteWasmModule: options.wasmModule }
const db = await PGlite.create(
  options.template
    ? { loadDataDir: new Blob([options.template]), ...common }
    : { dataDir: options.dataDir, ...common },
)
// The server's pool holds one connection; a few more slots let a replacement connect while the socket
// server is still noticing that a dropped one closed.
const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: 4 })
await server.start()

parentPort?.on('message', async (message) => {
  if (message.type === 'ping') parentPort?.postMessage({ type: 'pong', seq: message.seq })
  if (message.type === 'dump') {
    const file = await db.dumpDataDir('none')
    const bytes = new Uint8Array(await file.arrayBuffer())
    parentPort?.postMessage({ type: 'dump', bytes }, [bytes.buffer])
  }
  if (message.type === 'close') {
    await server.stop()
    await db.close()
    parentPort?.postMessage({ type: 'closed' })
  }
})
parentPort?.postMessage({ type: 'ready' })
