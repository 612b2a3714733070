#!/usr/bin/env node
// `npm test`: every suite this machine can run, in order of speed. Lint and types first; then unit and
// API tests (embedded PostgreSQL; on a server too when TEST_DATABASE_URL is set); then the production
// build with its size budget; then the browser journeys in Debian's Chromium when it is installed.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { journeyChromium } from './chromium.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules/.bin', name)

function step(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.status !== 0) {
    console.error(`\n✘ ${title} failed`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
}

step('Lint and format (Biome)', bin('biome'), ['check', '--error-on-warnings', '.'])
step('Types (tsc)', 'npm', ['run', '--silent', 'typecheck'])
step('Unit and API tests (Vitest)', bin('vitest'), ['run'])
step('Production build', process.execPath, ['scripts/build-web.mjs'])
step('Compiled server', process.execPath, ['scripts/build-server.mjs'])
step('Bundle budget', process.execPath, ['scripts/check-bundle.mjs'])

const chromium = journeyChromium
if (fs.existsSync(chromium)) {
  step('Browser journeys (Playwright in Chromium)', bin('playwright'), [
    'test',
    '-c',
    'e2e/playwright.config.ts',
  ])
} else {
  console.log(
    `\n⚠ Browser journeys skipped: no Chromium at ${chromium}. Install Debian's (apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH.`,
  )
}
console.log('\nAll suites passed.')
