import fs from 'node:fs'
import path from 'node:path'
import { test as base, type Page } from '@playwright/test'
import { checkPage } from './checks.ts'

export { type Browser, expect, type Locator, type Page } from '@playwright/test'

/** A page worth checking: still open and showing a page of the app (not a blank tab or a PDF). */
async function checkable(page: Page) {
  if (page.isClosed() || page.url() === 'about:blank') return false
  return (await page.evaluate(() => document.contentType)) === 'text/html'
}

/**
 * What makes two states of a page the same for the checks: its route (ids left out), its `tab`, the
 * width it is shown at, and the dialogs open on it.
 */
async function stateOf(page: Page): Promise<string> {
  const url = new URL(page.url())
  const route = url.pathname
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n')
  const dialogs = await page
    .locator('[role="dialog"]:visible')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? n.textContent?.slice(0, 40)))
  return [route, url.searchParams.get('tab') ?? '', page.viewportSize()?.width, ...dialogs.sort()].join('|')
}

/**
 * Claims a page state for checking in this run, across the workers (a file created exclusively in the
 * run's data directory): a state already checked by another journey is not scanned again.
 */
function firstToCheck(state: string): boolean {
  const dir = path.join(process.env.DAFTAR_DATA_DIR ?? '.', 'checked-pages')
  fs.mkdirSync(dir, { recursive: true })
  const name = Buffer.from(state).toString('base64url').slice(0, 200)
  try {
    fs.closeSync(fs.openSync(path.join(dir, name), 'wx'))
    return true
  } catch {
    return false
  }
}

/**
 * The `test` of every spec: after each journey that passed, every page it left open (its own `page`
 * and those of the contexts it opened for other users) gets the page checks — no sideways scroll and
 * no serious or critical axe violation — once per page state in the run. The scan has its own time
 * budget, apart from the journey's.
 */
export const test = base.extend<{ pageChecks: undefined }>({
  pageChecks: [
    // Depends on `context`, so the journey's own page is still open when the checks run.
    async ({ browser, context: _context }, use, testInfo) => {
      await use(undefined)
      if (testInfo.status !== 'passed') return
      const pages = browser.contexts().flatMap((context) => context.pages())
      // The pages are independent: checked side by side, so a journey of three users waits for one scan.
      await Promise.all(
        pages.map(
          async (page) => (await checkable(page)) && firstToCheck(await stateOf(page)) && checkPage(page),
        ),
      )
    },
    { auto: true, timeout: 120_000 },
  ],
})
