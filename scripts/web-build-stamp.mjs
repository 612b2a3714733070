// The web build is current when it was made from exactly the sources now on disk: a hash of them is
// stored beside the build. (Timestamps would lie after a fresh clone.)
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'domain/src',
  // How login.html is made: a change to the pre-render must rebuild.
  'scripts/build-web.mjs',
  'scripts/prerender-login.mjs',
  'package-lock.json',
]
const STAMP = 'web/dist/.source-hash'

function listFiles(target) {
  if (!fs.existsSync(target)) return []
  if (fs.statSync(target).isFile()) return [target]
  return fs
    .readdirSync(target, { withFileTypes: true })
    .flatMap((entry) => listFiles(path.join(target, entry.name)))
    .sort()
}

export function sourceHash(root) {
  const hash = createHash('sha256')
  for (const source of SOURCES) {
    for (const file of listFiles(path.join(root, source))) {
      hash.update(path.relative(root, file))
      hash.update(fs.readFileSync(file))
    }
  }
  return hash.digest('hex')
}

export function webBuildIsCurrent(root) {
  const stamp = path.join(root, STAMP)
  return (
    fs.existsSync(path.join(root, 'web/dist/index.html')) &&
    fs.existsSync(path.join(root, 'web/dist/login.html')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === sourceHash(root)
  )
}

export function writeWebBuildStamp(root) {
  fs.writeFileSync(path.join(root, STAMP), sourceHash(root))
}
