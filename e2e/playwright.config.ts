import { defineConfig } from '@playwright/test'
// @ts-expect-error a plain script of the repo, without types
import { journeyChromium } from '../scripts/chromium.mjs'

/** Debian's Chromium, its headless shell when installed (scripts/chromium.mjs). */
export const CHROMIUM: string = journeyChromium

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey's budget, not a speed goal: on a slow two-core CI machine on PostgreSQL the longest
  // (three people passing a task back and forth) took a minute, and a clock must not fail CI
  // (docs/decisions.md, "CI time"). Each step still waits at most the 10 s below.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    // A click or a fill that cannot happen fails within the same 10 s as an expectation, rather than
    // at the end of the journey's budget.
    actionTimeout: 10_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
