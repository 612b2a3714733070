import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { compiled } from './compiled.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-start-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Starts the real server on DATA_DIR and resolves with its address and what it printed. */
async function start(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  delete env.SEED_DEMO
  const child = spawn(process.execPath, [compiled.main], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk
      const match = /Daftar is running at (\S+)/.exec(output)
      if (match && output.includes('Sign in as')) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)))
  })
  return { child, url, output: () => output }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@example.com', password: 'Demo@1234' }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { accessToken: string }).accessToken
}

describe('npm start on the embedded database', () => {
  it('seeds the demo organisation into an empty DATA_DIR once, and a second start keeps every row', async () => {
    const first = await start()
    expect(first.output()).toContain('the demo organisation was created just now')
    const token = await signIn(first.url)
    const created = await fetch(`${first.url}/api/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ category_name: 'Kept across restarts', category_color: '#123456' }),
    })
    expect(created.status).toBe(201)
    await stop(first.child)

    const second = await start()
    expect(second.output()).not.toContain('created just now')
    const again = await signIn(second.url)
    const categories = (await (
      await fetch(`${second.url}/api/categories`, { headers: { authorization: `Bearer ${again}` } })
    ).json()) as {
      category_name: string
    }[]
    expect(categories.map((c) => c.category_name)).toContain('Kept across restarts')
    // Seeded once: the demo categories are not there twice.
    expect(categories.filter((c) => c.category_name === 'Billing')).toHaveLength(1)
    await stop(second.child)
  })
})
