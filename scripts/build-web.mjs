#!/usr/bin/env node
// `npm run build`: the production web build with the sign-in page pre-rendered into login.html
// (scripts/prerender-login.mjs), stamped with the hash of its sources, with a brotli and a gzip twin
// beside every compressible file (scripts/precompress.mjs). Always a production build: a
// NODE_ENV=development in the shell (the server's default) must not give users React's development
// bundle.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeWebBuildStamp } from './build-stamps.mjs'
import { precompress } from './precompress.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const vite = path.join(root, 'node_modules/vite/bin/vite.js')
const viteBuild = (env) =>
  spawnSync(process.execPath, [vite, 'build', '--mode', 'production', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })
// Twice: the first build records the modules /login and each first screen load, the second puts the
// first screens' modules that /login does not load in three chunks (web/first-screen-chunk.ts). A
// build takes a few seconds.
const firstScreens = path.join(os.tmpdir(), `daftar-first-screens-${process.pid}.json`)
const recorded = viteBuild({ DAFTAR_RECORD_FIRST_SCREENS: firstScreens })
const grouped = recorded.status === 0 ? viteBuild({ DAFTAR_FIRST_SCREENS: firstScreens }) : recorded
fs.rmSync(firstScreens, { force: true })
if (grouped.status !== 0) process.exit(grouped.status ?? 1)
const prerender = spawnSync(process.execPath, [path.join(root, 'scripts/prerender-login.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
})
if (prerender.status !== 0) process.exit(prerender.status ?? 1)
precompress(path.join(root, 'web/dist'))
writeWebBuildStamp(root)
