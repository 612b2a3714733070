// The compiled server, built first when missing or older than its sources: what `npm start`, the
// browser journeys, the benchmark and the fault script run (docs/decisions.md, "A compiled server").
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { serverBuildIsCurrent } from './build-stamps.mjs'

export function compiledServer(root) {
  if (!serverBuildIsCurrent(root)) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
      cwd: root,
      stdio: 'inherit',
    })
    if (built.status !== 0) throw new Error('Building the server failed')
  }
  return path.join(root, 'server/dist/main.js')
}
