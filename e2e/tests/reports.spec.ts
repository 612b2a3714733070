import { baseURL, signIn } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'
import { PASSWORD } from '../support/users.ts'

// Asha sends an operations report to Ravi; Ravi finds it by scrolling, answers and closes it;
// Asha reads the answer; the admin deletes a report from the list. One journey after another.
test.describe.configure({ mode: 'serial', timeout: 150_000 })
test.use({ actionTimeout: 20_000 })

const capacity = `${Date.now().toString(36).toUpperCase()} KLD`
const FILLERS = 22

async function token(page: Page, identifier: string): Promise<string> {
  const res = await page.request.post(`${baseURL()}/api/auth/login`, {
    data: { identifier, password: PASSWORD },
  })
  expect(res.ok()).toBe(true)
  return (await res.json()).accessToken
}

/**
 * Picks a day in a Mantine date input: opens its calendar, clicks the day, and waits for the calendar
 * to close (a second pick started during the closing transition would land in this calendar).
 */
async function pickDay(page: Page, label: string, day: number) {
  await page.getByRole('textbox', { name: label }).click()
  const calendar = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^${day} `) }) })
  await calendar
    .getByRole('button', { name: new RegExp(`^${day} `) })
    .first()
    .click()
  await expect(calendar).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: label })).not.toHaveValue('')
}

test('asha sends an operations report to ravi with two operators and a complaint', async ({ page }) => {
  await signIn(page, 'asha@example.com')
  await page.getByRole('link', { name: 'Send Report' }).click()
  await expect(page.getByRole('heading', { name: 'Send a Report' })).toBeVisible()
  await page.getByRole('link', { name: 'Operations Report' }).click()
  await expect(page.getByRole('heading', { name: 'New Operations Report' })).toBeVisible()
  // Starting rows: 4 operators, 3 complaints.
  await expect(page.getByLabel(/^Operator \d$/)).toHaveCount(4)
  await expect(page.getByLabel(/^Nature of Complaint \d$/)).toHaveCount(3)

  // The spec's messages, in the box above the form.
  await page.getByRole('button', { name: 'Submit Report' }).click()
  await expect(
    page
      .locator('.mantine-Alert-root')
      .filter({ hasText: 'Please select at least one recipient in the "To" field.' }),
  ).toBeVisible()
  await page.getByRole('combobox', { name: 'To' }).fill('ravi')
  await page.getByRole('option', { name: /Ravi Kumar/ }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Submit Report' }).click()
  await expect(
    page
      .locator('.mantine-Alert-root')
      .filter({ hasText: 'Please select both a start and end date for the report period.' }),
  ).toBeVisible()

  await pickDay(page, 'Start Date', 1)
  await pickDay(page, 'End Date', 14)
  await page.getByRole('combobox', { name: 'Project Name' }).fill('Sunrise ETP')
  await page.getByRole('option', { name: 'Sunrise ETP Upgrade' }).click()
  await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue('Sunrise Textiles Pvt Ltd')
  await page.getByRole('textbox', { name: 'Project Capacity' }).fill(capacity)

  await page.getByLabel('Operator 1', { exact: true }).fill('Mahesh Patil')
  await page.getByLabel('Duties 1', { exact: true }).fill('14')
  await page.getByLabel('Operator 2', { exact: true }).fill('Sunil Gawade')
  await page.getByLabel('Duties 2', { exact: true }).fill('12')
  // Rows can be removed while more than one remains.
  await page.getByRole('button', { name: 'Remove row 4' }).first().click()
  await expect(page.getByLabel(/^Operator \d$/)).toHaveCount(3)
  await page.getByRole('button', { name: '+ Add Operator' }).click()
  await expect(page.getByLabel(/^Operator \d$/)).toHaveCount(4)

  await page.getByLabel('Nature of Complaint 1', { exact: true }).fill('Foul smell near the inlet')
  await page.getByLabel('Prevention Suggestions 1', { exact: true }).fill('Cover the screen chamber')
  await page.getByRole('radiogroup', { name: 'Is the log book up to date?' }).getByLabel('Yes').check()
  await page.getByRole('radiogroup', { name: 'Is the flow meter working properly?' }).getByLabel('No').check()

  await page.getByRole('button', { name: 'Submit Report' }).click()
  await expect(page.getByText('Report submitted successfully!')).toBeVisible()
  await expect(page).toHaveURL(`${baseURL()}/reports/send`)

  // Newer reports to Ravi push Asha's onto the second page of his list.
  const admin = await token(page, 'admin@example.com')
  for (let i = 0; i < FILLERS; i++) {
    const res = await page.request.post(`${baseURL()}/api/reports`, {
      headers: { authorization: `Bearer ${admin}` },
      data: {
        report_type: 'OPERATIONS_REPORT',
        to_user_ids: [await userId(page, admin, 'ravi')],
        report_data: {
          period: { start: '2026-01-01', end: '2026-01-07' },
          context: { projectName: `Filler plant ${String(i + 1).padStart(2, '0')}` },
        },
      },
    })
    expect(res.status()).toBe(201)
  }
})

let ravisUserId: string | undefined
async function userId(page: Page, bearer: string, username: string) {
  if (ravisUserId) return ravisUserId
  const res = await page.request.get(`${baseURL()}/api/users`, {
    headers: { authorization: `Bearer ${bearer}` },
  })
  ravisUserId = ((await res.json()) as { user_id: string; username: string }[]).find(
    (u) => u.username === username,
  )!.user_id
  return ravisUserId
}

test('ravi finds it by infinite scroll, gives feedback and closes it', async ({ page }) => {
  await signIn(page, 'ravi@example.com')
  // The sidebar counts the open reports addressed to him.
  await expect(page.getByRole('link', { name: /View Reports/ })).toContainText(/\d+/)
  await page.getByRole('link', { name: /View Reports/ }).click()
  await expect(page.getByRole('heading', { name: 'View Submitted Reports' })).toBeVisible()
  await page.getByRole('link', { name: 'Operations Report' }).click()
  await expect(page.getByRole('heading', { name: 'OPERATIONS REPORT Reports' })).toBeVisible()
  const table = page.getByRole('table', { name: 'OPERATIONS REPORT Reports' })
  await expect(table.getByRole('row')).toHaveCount(21) // header + 20
  await expect(
    table.getByRole('row').filter({ hasText: 'Asha Verma' }).filter({ hasText: 'Sunrise ETP Upgrade' }),
  ).toHaveCount(0)
  // Scrolling the last row into view loads the next page.
  await table.getByRole('row').last().scrollIntoViewIfNeeded()
  const mine = table.getByRole('row').filter({ hasText: 'Asha Verma' }).first()
  await expect(mine).toBeVisible()
  await expect(table.getByRole('row')).not.toHaveCount(21)
  await page.getByText("You've reached the end.").scrollIntoViewIfNeeded()
  await expect(page.getByText("You've reached the end.")).toBeVisible()
  // The newest of Asha's to him is the one just sent (the demo one is older).
  await mine.locator('td').first().click()
  await expect(page.getByRole('heading', { name: 'Operations Report' })).toBeVisible()
  await expect(page.getByText(capacity)).toBeVisible()
  const operators = page.getByRole('table', { name: 'Operators Particulars' })
  await expect(operators.getByRole('row')).toHaveCount(3)
  await expect(operators).toContainText('Mahesh Patil')
  await expect(page.getByRole('table', { name: 'Customer Complaints' }).getByRole('row')).toHaveCount(2)

  await page.getByRole('button', { name: 'Provide Feedback' }).click()
  await page
    .getByRole('textbox', { name: 'Feedback' })
    .fill('Thanks Asha. Please get the inlet covered this week.')
  await page.getByRole('button', { name: 'Save Feedback' }).click()
  await expect(page.getByText('Feedback saved successfully.')).toBeVisible()
  await expect(page.getByText(/Last updated by Ravi Kumar on/)).toBeVisible()

  await page.getByRole('button', { name: 'Mark as Closed' }).click()
  await expect(page.getByText('Are you sure you want to mark this report as "CLOSED"?')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as Closed' }).click()
  await expect(page.getByText('Report status updated.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark as Closed' })).toHaveCount(0)
  await expect(page.getByText('CLOSED', { exact: true })).toBeVisible()
})

test('asha sees the feedback; the admin deletes a report from the list', async ({ page, browser }) => {
  await signIn(page, 'asha@example.com')
  await page.goto(`${baseURL()}/reports/list/OPERATIONS_REPORT?status=CLOSED`)
  const table = page.getByRole('table', { name: 'OPERATIONS REPORT Reports' })
  await table.getByRole('row').filter({ hasText: 'Ravi Kumar' }).first().locator('td').first().click()
  await expect(page.getByText(capacity)).toBeVisible()
  await expect(page.getByText('Thanks Asha. Please get the inlet covered this week.')).toBeVisible()
  // The sender reads feedback but cannot edit it, nor close the report.
  await expect(page.getByRole('button', { name: /Feedback/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Mark as Closed' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete Report' })).toHaveCount(0)

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(admin, 'admin@example.com')
  await admin.goto(`${baseURL()}/reports/list/all`)
  await expect(admin.getByRole('heading', { name: 'All Reports' })).toBeVisible()
  const rows = admin.getByRole('table', { name: 'All Reports' }).getByRole('row')
  const filler = rows.filter({ hasText: 'Filler plant 22' })
  await expect(filler).toHaveCount(1)
  await filler.getByRole('button', { name: 'Delete Report' }).click()
  await expect(
    admin.getByText('Are you sure you want to permanently delete this report? This action cannot be undone.'),
  ).toBeVisible()
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(admin.getByText('Report deleted successfully.')).toBeVisible()
  await expect(filler).toHaveCount(0)
  await adminContext.close()
})
