#!/usr/bin/env node
// `npm start`: install what is missing, build the web app when its build is missing or stale, then run
// the server. Uses nothing but Node, so it works on a fresh clone before `npm install`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { webBuildIsCurrent } from './build-stamps.mjs'
import { compiledServer } from './server-entry.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

function dependenciesInstalled() {
  const installed = path.join(root, 'node_modules/.package-lock.json')
  if (!fs.existsSync(installed)) return false
  // A lockfile changed by a pull since the last install means something is missing or outdated.
  return fs.statSync(installed).mtimeMs >= fs.statSync(path.join(root, 'package-lock.json')).mtimeMs
}

if (!dependenciesInstalled()) {
  console.log('Installing dependencies (first start or the lockfile changed)...')
  // Not `npm ci`: see .ci/run for why; with the lockfile present this installs exactly its versions.
  run(npm, ['install', '--no-audit', '--no-fund'])
}

if (!webBuildIsCurrent(root)) {
  console.log('Building the web app...')
  run(process.execPath, [path.join(root, 'scripts/build-web.mjs')])
}

// Compiled JavaScript, built again only when the server's sources changed: no TypeScript at start.
run(process.execPath, ['--enable-source-maps', compiledServer(root)])
