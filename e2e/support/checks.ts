import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Page checks, shared by every spec: no page is wider than its viewport (at 375 px a
 * table scrolls inside its own box or stacks), and axe finds no serious or critical violation.
 */
export async function expectNoSideScroll(page: Page) {
  await expect.soft
    .poll(
      () =>
        page.evaluate(() => ({
          document: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        })),
      { message: `document wider than the viewport at ${page.url()}` },
    )
    .toEqual(expect.objectContaining({ document: page.viewportSize()!.width }))
}

async function graveViolations(page: Page) {
  // Transitions in flight (a toast fading in or out) would be read at a fraction of their contrast;
  // endless ones (loaders, skeleton pulses) never settle and are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined)
  // Legacy mode runs axe in the page itself (and its same-origin frames; the app has no other). The
  // default runs it in parts and then opens a blank page to join them, which took half of each scan
  // (docs/decisions.md, "CI time").
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze()
  // One entry per violating element, keyed by rule and element, so two scans can be compared.
  return new Map(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => {
          const target = n.target.join(' ')
          return [
            `${v.id} ${target}`,
            `${v.id} (${v.impact}): ${v.help}\n  ${target}: ${n.any[0]?.message ?? ''}`,
          ]
        }),
      ),
  )
}

export async function expectAccessible(page: Page) {
  let grave = await graveViolations(page)
  if (grave.size > 0) {
    // A fade that began during the scan is over a moment later; a real fault is still there.
    await page.waitForTimeout(1_000)
    const again = await graveViolations(page)
    grave = new Map([...again].filter(([key]) => grave.has(key)))
  }
  expect.soft([...grave.values()], `axe violations at ${page.url()}`).toEqual([])
}

/**
 * What makes two states of a page the same for the checks: its route (ids left out), its `tab`, the
 * width it is shown at, and the dialogs open on it.
 */
export async function stateOf(page: Page): Promise<string> {
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
 * Where a check claims a page state, so that it runs once: the layout once per run (its data
 * directory), the accessibility scan once per CI when E2E_SCANNED_DIR names a directory both engines'
 * runs share (.ci/run). axe reads the same build's DOM on either engine; the scans were a quarter of a
 * journey pass (docs/decisions.md, "CI time").
 */
const claims = {
  layout: () => path.join(process.env.DAFTAR_DATA_DIR ?? '.', 'checked-pages'),
  axe: () => process.env.E2E_SCANNED_DIR ?? path.join(process.env.DAFTAR_DATA_DIR ?? '.', 'scanned-pages'),
}

/** Claims a page state for a check, across the workers (a file created exclusively): false when taken. */
export function firstToCheck(check: keyof typeof claims, state: string): boolean {
  const dir = claims[check]()
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
 * Both checks on the page as it is now (call once the page has rendered its content); the axe scan
 * only where this state has not been scanned in the run (or the CI).
 */
export async function checkPage(page: Page) {
  await expectNoSideScroll(page)
  if (firstToCheck('axe', await stateOf(page))) await expectAccessible(page)
}
