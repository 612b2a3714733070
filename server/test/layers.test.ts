/**
 * Layers point down (docs/architecture.md, "Server"): `db/` and `platform/` serve every module and
 * import none, so a module can be read, changed or removed without touching what sits below it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const src = path.resolve(import.meta.dirname, '../src')

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(full)
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [full] : []
  })
}

/** Every relative import of a file, resolved to a path under server/src. */
function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!)
  return specifiers.map((s) => path.relative(src, path.resolve(path.dirname(file), s)))
}

describe('the layers of the server', () => {
  it('nothing in db/ or platform/ imports a module', () => {
    const upward = ['db', 'platform'].flatMap((layer) =>
      filesUnder(path.join(src, layer)).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith(`modules${path.sep}`) || target.startsWith(`seed${path.sep}`))
          .map((target) => `${path.relative(src, file)} → ${target}`),
      ),
    )
    expect(upward).toEqual([])
  })

  it('finds an upward import when there is one (the check itself works)', () => {
    const probe = path.join(src, 'platform', 'probe.ts')
    const text = "import { users } from '../modules/users/schema.ts'\nconst m = await import('../db/x.ts')\n"
    expect(importsOf(probe, text)).toEqual([
      path.join('modules', 'users', 'schema.ts'),
      path.join('db', 'x.ts'),
    ])
  })
})
