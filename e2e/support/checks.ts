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
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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

/** Both checks on the page as it is now (call once the page has rendered its content). */
export async function checkPage(page: Page) {
  await expectNoSideScroll(page)
  await expectAccessible(page)
}
