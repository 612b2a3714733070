import { goTo, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Locator, test } from '../support/test.ts'

test.use({ viewport: { width: 375, height: 812 } })

/** Shown whole across the screen's width once scrolled to: no sideways swipe to read it. */
async function expectAcross(locator: Locator) {
  // To the middle of the screen: one only partly shown at its bottom edge counts as in view for
  // scrollIntoViewIfNeeded, and would not be scrolled to.
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expect(locator).toBeInViewport({ ratio: 1 })
  const box = (await locator.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(375)
}

test('on a phone the reports, a report and the expenses form show their columns without a sideways swipe', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  await goTo(page, /^View Reports/)
  await page.getByRole('link', { name: 'Operations Report' }).click()
  const list = page.getByRole('list', { name: 'OPERATIONS REPORT Reports' })
  const card = list.getByRole('listitem').filter({ hasText: 'Asha Verma' }).first()
  // From, To, Sent At and Status on the card, without a sideways swipe.
  await expectAcross(card.getByText('From', { exact: true }))
  await expectAcross(card.getByText('To', { exact: true }))
  await expectAcross(card.getByText(/^(OPEN|CLOSED)$/))
  const sentAt = card.getByRole('link', { name: /^\d{2} \w{3} \d{4}$/ })
  await expectAcross(sentAt)
  await expectNoSideScroll(page)

  // Each operator is a card of its own.
  await sentAt.click()
  await expect(page.getByRole('heading', { name: 'Operations Report', level: 2 })).toBeVisible()
  const operator = page.getByRole('list', { name: 'Operators Particulars' }).getByRole('listitem').first()
  await expectAcross(operator.getByText('Duties', { exact: true }))
  await expect(operator.getByText('Performance', { exact: true })).toBeVisible()
  await expectNoSideScroll(page)

  // The expenses form: a card per row, every input named by its column and row.
  await goTo(page, 'Send Report')
  await page.getByRole('link', { name: 'Expenses (& Income)' }).click()
  const consumables = page.getByRole('list', { name: 'Consumable & Site Expenses' })
  const first = consumables.getByRole('listitem').filter({ hasText: 'Expense 1' })
  await first.getByRole('textbox', { name: 'Item Name 1' }).fill('Lime')
  await first.getByRole('textbox', { name: 'Rate 1' }).fill('9.75')
  await first.getByRole('textbox', { name: 'Quantity 1' }).fill('400')
  await expectAcross(first.getByText('₹3,900'))
  await expect(consumables.getByRole('listitem', { name: 'Total' })).toContainText('₹3,900')
  await expectAcross(first.getByRole('textbox', { name: 'Date 1' }))
  await expectNoSideScroll(page)
})
