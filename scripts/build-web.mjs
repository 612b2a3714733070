#!/usr/bin/env node
// `npm run build`: the production web build, stamped with the hash of its sources.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeWebBuildStamp } from './web-build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const vite = path.join(root, 'node_modules/vite/bin/vite.js')
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
  cwd: path.join(root, 'web'),
  stdio: 'inherit',
})
if (result.status !== 0) process.exit(result.status ?? 1)
writeWebBuildStamp(root)
