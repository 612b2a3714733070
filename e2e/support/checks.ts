import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Issue 10's page checks, shared by every spec: no page is wider than its viewport (at 375 px a
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

export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const grave = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`).join('\n  ')}`,
    )
  expect.soft(grave, `axe violations at ${page.url()}`).toEqual([])
}

/** Both checks on the page as it is now (call once the page has rendered its content). */
export async function checkPage(page: Page) {
  await expectNoSideScroll(page)
  await expectAccessible(page)
}
