import fs from 'node:fs'
import { test as base, type Page } from '@playwright/test'
import { checkPage, firstToCheck, stateOf } from './checks.ts'
import { NetworkLog } from './network-log.ts'

export { type Browser, expect, type Locator, type Page, type Request } from '@playwright/test'

/** A page worth checking: still open and showing a page of the app (not a blank tab or a PDF). */
async function checkable(page: Page) {
  if (page.isClosed() || page.url() === 'about:blank') return false
  return (await page.evaluate(() => document.contentType)) === 'text/html'
}

/** What the server has written since `from` (its warnings and errors: support/global-setup.ts). */
function serverLogSince(from: number) {
  const log = process.env.DAFTAR_SERVER_LOG
  if (!log || !fs.existsSync(log)) return ''
  const text = fs.readFileSync(log).subarray(from).toString()
  return text.trim().split('\n').slice(-60).join('\n')
}

const serverLogSize = () => {
  const log = process.env.DAFTAR_SERVER_LOG
  return log && fs.existsSync(log) ? fs.statSync(log).size : 0
}

/**
 * The `test` of every spec: after each journey that passed, every page it left open (its own `page`
 * and those of the contexts it opened for other users) gets the page checks — no sideways scroll and
 * no serious or critical axe violation — once per page state in the run (axe once per CI: checkPage).
 * The scan has its own time budget, apart from the journey's. Then the contexts the journey opened
 * itself (`userPage`, `apiAs`) are closed: Playwright closes only its own `context`, and the others
 * stayed open, the app in them polling, for the rest of the worker's journeys.
 *
 * A journey that failed prints what its pages were still waiting for and what the server logged
 * meanwhile (support/network-log.ts).
 */
export const test = base.extend<{ pageChecks: undefined }>({
  pageChecks: [
    // Depends on `context`, so the journey's own page is still open when the checks run.
    async ({ browser, context }, use, testInfo) => {
      const network = new NetworkLog()
      network.watch(context)
      const watch = (opened: typeof context) => network.watch(opened)
      browser.on('context', watch)
      const logFrom = serverLogSize()
      await use(undefined)
      browser.off('context', watch)
      const opened = browser.contexts().filter((other) => other !== context)
      try {
        if (testInfo.status !== 'passed') {
          const serverLog = serverLogSince(logFrom)
          const report = [network.report(), serverLog && `Server log:\n${serverLog}`]
            .filter(Boolean)
            .join('\n')
          // The list reporter prints a text attachment with the failure.
          if (report) await testInfo.attach('network', { body: report, contentType: 'text/plain' })
          return
        }
        const pages = browser.contexts().flatMap((each) => each.pages())
        // The pages are independent: checked side by side, so a journey of three users waits for one scan.
        await Promise.all(
          pages.map(
            async (page) =>
              (await checkable(page)) && firstToCheck('layout', await stateOf(page)) && checkPage(page),
          ),
        )
      } finally {
        await Promise.all(opened.map((other) => other.close()))
      }
    },
    { auto: true, timeout: 120_000 },
  ],
})
