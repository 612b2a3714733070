import { goTo, userPage } from '../support/app.ts'
import { expect, type Page, test } from '../support/test.ts'

/** Staff asks for a new client through the sidebar and the add form. */
async function requestClient(page: Page, name: string) {
  await goTo(page, 'Clients')
  await page.getByRole('link', { name: 'Add Client' }).click()
  await page.getByRole('textbox', { name: 'Client name' }).fill(name)
  await page.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(page.getByText('Client creation request submitted for admin approval.')).toBeVisible()
}

/** The admin opens the request from the queue (on a phone its card, on a desktop its row). */
async function openRequest(admin: Page, name: string) {
  await goTo(admin, 'Admin Approvals')
  await expect(admin.getByRole('heading', { name: 'Admin Approval Queue' })).toBeVisible()
  await admin
    .getByRole('listitem')
    .or(admin.getByRole('row'))
    .filter({ hasText: name })
    .getByRole('link')
    .click()
  await expect(admin.getByRole('heading', { name: 'Review Pending Action' })).toBeVisible()
}

test('a double click on Approve approves once and says so, without a red message', async ({ browser }) => {
  const name = `Tapti Pumps ${Date.now().toString(36)}`
  const ravi = await userPage(browser, 'ravi@example.com')
  await requestClient(ravi, name)

  const admin = await userPage(browser, 'admin@example.com')
  await openRequest(admin, name)
  const approvals: string[] = []
  admin.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/approve')) approvals.push(request.url())
  })
  await admin.getByRole('button', { name: 'Approve' }).click()
  await admin
    .getByRole('dialog', { name: 'Approve request' })
    .getByRole('button', { name: 'Approve' })
    .dblclick()
  await expect(admin.getByText('Action approved successfully.')).toBeVisible()
  await expect(admin.getByRole('heading', { name: 'Admin Approval Queue' })).toBeVisible()
  // The second click sent nothing, so nothing can answer it with a red message later.
  await admin.waitForTimeout(1500)
  expect(approvals).toHaveLength(1)
  await expect(admin.getByText('Pending action not found or already processed.')).toHaveCount(0)
  await expect(admin.getByRole('row').filter({ hasText: name })).toHaveCount(0)

  // One client was made, and Ravi was told once.
  await goTo(ravi, 'Clients')
  await ravi.getByRole('textbox', { name: 'Search' }).fill(name)
  await expect(ravi.getByRole('row').filter({ hasText: name })).toHaveCount(1)
  await ravi.reload()
  await ravi.getByRole('button', { name: /Notifications/ }).click()
  await expect(ravi.getByText(new RegExp(`'${name}' was approved`))).toHaveCount(1)
})

test('a rejected request is read on a phone under its outcome, with the reason', async ({ browser }) => {
  const name = `Sabarmati Salts ${Date.now().toString(36)}`
  const ravi = await userPage(browser, 'ravi@example.com', 375)
  await requestClient(ravi, name)

  const admin = await userPage(browser, 'admin@example.com', 375)
  await openRequest(admin, name)
  // A client's id is its display id once it has one; a new one says so, never a raw id.
  await expect(admin.getByText('New record (created on approval)')).toBeVisible()
  await admin.getByRole('button', { name: 'Reject' }).click()
  const reject = admin.getByRole('dialog', { name: 'Reject request' })
  await reject.getByRole('textbox', { name: /Reason/ }).fill('We already buy from Sabarmati.')
  await reject.getByRole('button', { name: 'Reject' }).dblclick()
  await expect(admin.getByText('Action rejected successfully.')).toBeVisible()
  await expect(admin.getByText('Pending action not found or already processed.')).toHaveCount(0)

  await ravi.reload()
  await ravi.getByRole('button', { name: /Notifications/ }).click()
  await ravi.getByText(new RegExp(`'${name}' was rejected: We already buy from Sabarmati\\.`)).click()
  await expect(ravi.getByRole('heading', { name: 'Rejected Action' })).toBeVisible()
  await expect(ravi.getByText('Reason: We already buy from Sabarmati.')).toBeVisible()
  await expect(ravi.getByRole('heading', { name: 'Review Pending Action' })).toHaveCount(0)
})
