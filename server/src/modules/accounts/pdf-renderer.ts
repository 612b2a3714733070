import { Worker } from 'node:worker_threads'
import type { InvoicePdfData } from './pdf.ts'

/** A PDF that takes longer than this is given up on (the worker is restarted); the change stands. */
const RENDER_TIMEOUT_MS = 60_000

// From the sources the worker loads pdf.ts; from server/dist, the bundle's `invoice-pdf.js` entry.
const fromSources = import.meta.url.endsWith('.ts')
const workerFile = new URL('./pdf-worker.mjs', import.meta.url)
const pdfModule = new URL(fromSources ? './pdf.ts' : './invoice-pdf.js', import.meta.url).href

interface Pending {
  resolve: (bytes: Buffer) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

let worker: Worker | null = null
let nextId = 1
const pending = new Map<number, Pending>()

function failAll(error: Error) {
  for (const job of pending.values()) {
    clearTimeout(job.timer)
    job.reject(error)
  }
  pending.clear()
  worker = null
}

function started(): Worker {
  if (worker) return worker
  const created = new Worker(workerFile, { workerData: { module: pdfModule } })
  created.on('message', ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
    const job = pending.get(id)
    if (!job) return
    pending.delete(id)
    clearTimeout(job.timer)
    if (error || !bytes) job.reject(new Error(error ?? 'No PDF'))
    else job.resolve(Buffer.from(bytes))
    if (pending.size === 0) created.unref()
  })
  created.on('error', (error) => failAll(error))
  created.on('exit', () => {
    if (worker === created) failAll(new Error('The PDF worker stopped'))
  })
  worker = created
  return created
}

/**
 * Draws an invoice PDF in a worker thread: the event loop keeps answering requests meanwhile. One
 * worker per process, one PDF at a time; it does not keep the process alive when idle.
 */
export function renderInvoicePdfOffThread(data: InvoicePdfData): Promise<Buffer> {
  const target = started()
  target.ref()
  const id = nextId++
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error('Drawing the invoice PDF took too long'))
      void target.terminate()
    }, RENDER_TIMEOUT_MS)
    pending.set(id, { resolve, reject, timer })
    target.postMessage({ id, data })
  })
}
