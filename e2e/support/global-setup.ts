import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
// @ts-expect-error a plain script of the repo, without types
import { compiledServer } from '../../scripts/server-entry.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Starts the real server on a free port with a fresh DATA_DIR holding the demo organisation plus the
 * e2e users (e2e/support/seed.ts). Tests read the address from DAFTAR_URL and the data dir from
 * DAFTAR_DATA_DIR.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, 'web/dist/index.html')))
    throw new Error('Build the web app first: npm run build')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-e2e-'))
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_PER_IP: '5000',
    OTP_SEND_MAX_PER_IP: '5000',
    OTP_VERIFY_MAX_PER_IP: '5000',
  }
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  if (seeded.status !== 0) throw new Error(`Seeding failed:\n${seeded.stdout}\n${seeded.stderr}`)

  // The compiled server, as `npm start` runs it (built by `npm run build`, or here when stale).
  const server: ChildProcess = spawn(process.execPath, [compiledServer(root)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The server's warnings and errors after its start, for a failed journey to show (support/test.ts).
  const log = path.join(dataDir, 'server.log')
  const logFile = fs.createWriteStream(log)
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Daftar is running at (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    server.stdout!.on('data', onData)
    server.stderr!.on('data', onData)
    server.stdout!.pipe(logFile, { end: false })
    server.stderr!.pipe(logFile, { end: false })
    server.on('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)))
  })
  process.env.DAFTAR_URL = url
  process.env.DAFTAR_DATA_DIR = dataDir
  process.env.DAFTAR_SERVER_LOG = log
  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
