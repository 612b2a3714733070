import { fileURLToPath } from 'node:url'
import { goTo, openTasks, signIn } from '../support/app.ts'
import { checkPage, expectNoSideScroll } from '../support/checks.ts'
import { expect, test } from '../support/test.ts'
import { e2eUsers } from '../support/users.ts'

const shots = (name: string) => fileURLToPath(new URL(`../../.tmp/screenshots/${name}.png`, import.meta.url))
const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** Today in the organisation's calendar (Asia/Kolkata, the server's default), as a UTC midnight. */
function todayInKolkata() {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
  return new Date(`${day}T00:00:00Z`)
}
const sentenceDate = (d: Date) => `${d.getUTCDate()} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`

for (const width of [1280, 375]) {
  test(`a weekly recurring task made in Create Task creates its first task at once (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: width > 400 ? 800 : 812 } })
    const page = await context.newPage()
    await signIn(page, e2eUsers.repeater.email)
    await openTasks(page)
    const title = `Weekly site inspection ${width}`
    const today = todayInKolkata()
    const weekday = dayNames[today.getUTCDay()]!
    const nextWeek = new Date(today.getTime() + 7 * 86_400_000)

    // Create Task, with Repeat: Weekly on… (today's weekday is chosen for it).
    await page.getByRole('button', { name: 'Create Task' }).click()
    const form = page.getByRole('dialog', { name: 'Create Task' })
    await form.getByRole('textbox', { name: /^Title/ }).fill(title)
    await form.getByRole('combobox', { name: 'Assign To' }).click()
    await page.getByRole('option', { name: /Ishaan Weekly/ }).click()
    await form.getByRole('combobox', { name: 'Repeat' }).click()
    await page.getByRole('option', { name: 'Weekly on…' }).click()
    await expect(form.getByRole('checkbox', { name: weekday })).toBeChecked()
    await expect(form.getByTestId('repeat-sentence')).toHaveText(`Weekly on ${weekday}`)
    await expectNoSideScroll(page)
    await page.screenshot({ path: shots(`recurring-create-${width}`) })
    await checkPage(page)
    await form.getByRole('button', { name: 'Create Task' }).click()
    await expect(page.getByText('Recurring task created.').first()).toBeVisible()
    await expect(form).toBeHidden()

    // Its first task, today's, is in the creator's Delegated tab; its detail names the series.
    await page.getByRole('tab', { name: /Delegated/ }).click()
    await page.getByRole('button', { name: title }).first().click()
    const detail = page.getByRole('dialog').filter({ hasText: title })
    await expect(detail.getByTestId('series-line')).toHaveText(
      `Repeats weekly on ${weekday} — next ${sentenceDate(nextWeek)}`,
    )
    await page.screenshot({ path: shots(`recurring-task-${width}`) })
    await detail.getByRole('button', { name: 'Close task' }).click()

    // Tasks › Recurring Tasks lists it with its rule in words; its dialog pauses it after asking.
    await goTo(page, 'Recurring Tasks')
    await expect(page.getByRole('heading', { name: 'Recurring Tasks' })).toBeVisible()
    const row = page
      .getByRole('row')
      .filter({ hasText: title })
      .or(page.getByRole('listitem').filter({ hasText: title }))
    await expect(row.first()).toContainText(`Weekly on ${weekday}`)
    await expect(row.first()).toContainText('Active')
    await expectNoSideScroll(page)
    await page.screenshot({ path: shots(`recurring-list-${width}`), fullPage: true })
    await checkPage(page)
    await row.first().getByText(title).click()
    const series = page.getByRole('dialog', { name: 'Edit recurring task' })
    await expect(series.getByTestId('series-sentence')).toHaveText(`Weekly on ${weekday}`)
    await page.screenshot({ path: shots(`recurring-series-${width}`) })
    await checkPage(page)
    await series.getByRole('button', { name: 'Pause' }).click()
    const ask = page.getByRole('dialog', { name: 'Pause recurring task' })
    await ask.getByRole('button', { name: 'Pause' }).click()
    await expect(series).toBeHidden()
    await expect(row.first()).toContainText('Paused')
    await context.close()
  })
}
