import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiled, root } from '../../../test/compiled.ts'

// The provider's CLI on its own embedded database (DATA_DIR): it runs the same on either engine's CI
// pass, so the PostgreSQL pass leaves it out (`EMBEDDED_ONLY` in vitest.config.ts).
describe('provider CLI', () => {
  let dataDir: string

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-cli-'))
  })
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
    delete env.DATABASE_URL
    delete env.NODE_OPTIONS
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [compiled.cli, ...args],
        { cwd: root, env, timeout: 60_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
          resolve({ code, stdout, stderr })
        },
      )
    })
  }

  it('creates an organisation, sets its limit and lists it', async () => {
    const created = await cli(
      'create',
      '--name',
      'Acme Ltd',
      '--admin-username',
      'priya',
      '--admin-email',
      'priya@acme.test',
      '--admin-name',
      'Priya Shah',
      '--password',
      'S3cret!x',
      '--user-limit',
      '3',
    )
    expect(created.code, created.stderr).toBe(0)
    const match = /Created organisation "Acme Ltd" \(([0-9a-f-]{36})\) with admin priya\./.exec(
      created.stdout,
    )
    expect(match).not.toBeNull()
    const orgId = match![1]

    const limited = await cli('set-limit', '--org', 'Acme Ltd', '--limit', '7')
    expect(limited.code, limited.stderr).toBe(0)
    expect(limited.stdout).toContain('User limit of "Acme Ltd" is now 7 (1 active login accounts).')

    const listed = await cli('list')
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toContain(`${orgId}  Acme Ltd  users 1/7`)
  })

  it('exits with code 1 and says why on a usage error', async () => {
    const unknown = await cli('explode')
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toContain('Provider commands for Daftar')
    const missing = await cli('set-limit', '--org', 'Acme Ltd')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('--limit is required.')
  })
})
