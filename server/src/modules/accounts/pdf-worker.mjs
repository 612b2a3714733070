// The thread invoice PDFs are drawn in, so that a long invoice never stalls the server's requests
// (docs/decisions.md, "Accounts (receivables, payables, payments)"). Plain JavaScript, like the
// embedded database's worker, so that it runs the same from the sources and from server/dist.
import { parentPort, workerData } from 'node:worker_threads'

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api')
  register()
}
const { renderInvoicePdf } = await import(workerData.module)

parentPort.on('message', async ({ id, data }) => {
  try {
    const bytes = await renderInvoicePdf(data)
    parentPort.postMessage({ id, bytes })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
