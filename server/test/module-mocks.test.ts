import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/**
 * The `server` project shares one module registry between the files of a worker (`isolate: false`,
 * vitest.config.ts), so a file that replaces a module with `vi.mock` would change it for the files
 * after it. Such a file belongs in the `server-mocks` project, which keeps one registry per file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const self = fileURLToPath(import.meta.url)

function* testFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* testFiles(full)
    else if (entry.name.endsWith('.test.ts') && full !== self) yield full
  }
}

it('only the server-mocks project replaces modules', () => {
  const config = fs.readFileSync(path.join(root, 'vitest.config.ts'), 'utf8')
  const mocking = [...testFiles(path.join(root, 'server/src')), ...testFiles(path.join(root, 'server/test'))]
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file))
  expect(mocking.length).toBeGreaterThan(0)
  for (const file of mocking) expect(config, `${file} uses vi.mock`).toContain(`'${file}'`)
})
