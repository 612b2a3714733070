// A build is current when it was made from exactly the sources now on disk: a hash of them is stored
// beside the build. (Timestamps would lie after a fresh clone.) One stamp for the web app, one for the
// compiled server.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const builds = {
  web: {
    stamp: 'web/dist/.source-hash',
    outputs: ['web/dist/index.html', 'web/dist/login.html'],
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/first-screen-chunk.ts',
      'web/package.json',
      'domain/src',
      // How login.html is made: a change to the pre-render must rebuild.
      'scripts/build-web.mjs',
      'scripts/prerender-login.mjs',
      'package-lock.json',
    ],
  },
  server: {
    stamp: 'server/dist/.source-hash',
    outputs: ['server/dist/main.js', 'server/dist/cli.js'],
    sources: [
      'server/src',
      'server/package.json',
      'domain/src',
      'scripts/build-server.mjs',
      'package-lock.json',
    ],
  },
}

function listFiles(target) {
  if (!fs.existsSync(target)) return []
  if (fs.statSync(target).isFile()) return [target]
  return fs
    .readdirSync(target, { withFileTypes: true })
    .flatMap((entry) => listFiles(path.join(target, entry.name)))
    .sort()
}

function sourceHash(root, sources) {
  const hash = createHash('sha256')
  for (const source of sources) {
    for (const file of listFiles(path.join(root, source))) {
      // Tests do not change what is built.
      if (/\.test\.tsx?$/.test(file)) continue
      hash.update(path.relative(root, file))
      hash.update(fs.readFileSync(file))
    }
  }
  return hash.digest('hex')
}

function isCurrent(root, { stamp, outputs, sources }) {
  const file = path.join(root, stamp)
  return (
    outputs.every((output) => fs.existsSync(path.join(root, output))) &&
    fs.existsSync(file) &&
    fs.readFileSync(file, 'utf8') === sourceHash(root, sources)
  )
}

export const webBuildIsCurrent = (root) => isCurrent(root, builds.web)
export const serverBuildIsCurrent = (root) => isCurrent(root, builds.server)
export const writeWebBuildStamp = (root) =>
  fs.writeFileSync(path.join(root, builds.web.stamp), sourceHash(root, builds.web.sources))
export const writeServerBuildStamp = (root) =>
  fs.writeFileSync(path.join(root, builds.server.stamp), sourceHash(root, builds.server.sources))
