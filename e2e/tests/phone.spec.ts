import { baseURL, openTasks, signIn } from '../support/app.ts'
import { checkPage, expectNoSideScroll } from '../support/checks.ts'
import { expect, test } from '../support/test.ts'

// At 375 px nothing is wider than the screen and nothing is cut off.
test.use({ viewport: { width: 375, height: 812 } })

/** A minimal PDF, enough for an invoice's attachment. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

test('a project on a phone: its five tabs fit, Documents, Billing and Access stay inside the screen as cards; a narrower phone scrolls the tabs with a hint', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  // A project of its own (others' journeys count on the demo projects having no invoices), with an
  // invoice, so its Billing tab has a card to show, and Asha on its access list.
  const token = await page.evaluate(() => localStorage.getItem('daftar.accessToken'))
  const headers = { authorization: `Bearer ${token}` }
  const tag = Date.now().toString(36).toUpperCase()
  const name = `Phone plant ${tag}`
  const clients = await page.request.get(`${baseURL()}/api/clients/dropdown-list`, { headers })
  const created = await page.request.post(`${baseURL()}/api/projects`, {
    headers,
    data: { name, client_id: (await clients.json())[0].client_id, accessPermissions: [] },
  })
  expect(created.status(), await created.text()).toBe(201)
  const projectId = (await created.json()).entityId as string
  const users = await page.request.get(`${baseURL()}/api/users`, { headers })
  const asha = (await users.json()).find((u: { username: string }) => u.username === 'asha')
  const granted = await page.request.post(`${baseURL()}/api/access`, {
    headers,
    data: { userId: asha.user_id, entityType: 'PROJECT', entityId: projectId, level: 'WRITE' },
  })
  expect(granted.ok(), await granted.text()).toBe(true)
  const invoiceNo = `PH-${tag}`
  const added = await page.request.post(`${baseURL()}/api/billing/project/${projectId}`, {
    headers,
    multipart: {
      invoice_no: invoiceNo,
      title: 'Phone milestone',
      amount: '125000',
      invoice_date: new Date().toISOString().slice(0, 10),
      invoice_pdf: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  })
  expect(added.status(), await added.text()).toBe(201)

  await page.goto(`${baseURL()}/projects`)
  await page.getByRole('textbox', { name: 'Search' }).fill(name)
  await page.getByRole('link', { name }).first().click()
  const tabs = page.getByRole('tablist')
  // The five tabs fit the screen whole: no swipe to reach History, no fade over it.
  await expect(tabs).toHaveAttribute('data-at-end', 'true')
  for (const tab of ['Overview', 'Documents', 'Billing', 'Access', 'History'])
    await expect(page.getByRole('tab', { name: tab })).toBeInViewport({ ratio: 1 })
  await page.getByRole('tab', { name: 'Documents' }).click()
  await expect(page.getByRole('button', { name: 'New Folder' })).toBeVisible()
  await expectNoSideScroll(page)

  await page.getByRole('tab', { name: 'Billing' }).click()
  const card = page
    .getByRole('list', { name: 'Invoices' })
    .getByRole('listitem')
    .filter({ hasText: invoiceNo })
  await card.scrollIntoViewIfNeeded()
  await expect(card).toContainText('₹1,25,000')
  await expect(card).toContainText('PENDING')
  for (const name of [
    `View PDF of invoice ${invoiceNo}`,
    `Edit invoice ${invoiceNo}`,
    `Delete invoice ${invoiceNo}`,
  ])
    await expect(card.getByRole('button', { name })).toBeInViewport({ ratio: 1 })
  await expectNoSideScroll(page)
  await expect(page.getByRole('button', { name: /Notifications/ })).toBeInViewport({ ratio: 1 })
  await expect(page.getByLabel('User menu')).toBeInViewport({ ratio: 1 })

  // On a narrower phone the tabs scroll, faded at the edge until they are scrolled to their end.
  await page.setViewportSize({ width: 320, height: 812 })
  await expect(tabs).not.toHaveAttribute('data-at-end')
  await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
  await expect(tabs).toHaveAttribute('data-at-end', 'true')
  await expect(page.getByRole('tab', { name: 'Access' })).toBeInViewport({ ratio: 1 })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByRole('tab', { name: 'Access' }).click()
  const person = page
    .getByRole('list', { name: 'People with access' })
    .getByRole('listitem')
    .filter({ hasText: 'Asha Verma' })
  await person.scrollIntoViewIfNeeded()
  await expect(person.getByRole('button', { name: /^Make (READ|WRITE) for Asha Verma$/ })).toBeInViewport({
    ratio: 1,
  })
  await expect(person.getByRole('button', { name: 'Revoke access of Asha Verma' })).toBeInViewport({
    ratio: 1,
  })
  await expectNoSideScroll(page)
})

test('the task list on a phone shows title, deadline, status and assignee without a sideways swipe', async ({
  page,
}) => {
  await signIn(page, 'asha@example.com')
  await openTasks(page)
  const card = page.getByTestId('task-row').first()
  await expect(card).toBeVisible()
  await expect(card).toBeInViewport({ ratio: 1 })
  await expect(card).toContainText(/Due /)
  await expect(card).toContainText(/In Progress|Pending Approval/)
  await expect(card).toContainText('Assignee:')
  // The three tabs and their counts fit the width: Approval is not behind a swipe.
  for (const name of [/^My Tasks/, /^Delegated/, /^Approval/])
    await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 })
  await checkPage(page)
})

test('the review of a change shows Current and Proposed stacked on a phone', async ({ browser }) => {
  const ashaContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const asha = await ashaContext.newPage()
  await signIn(asha, 'asha@example.com')
  await asha.goto(`${baseURL()}/clients`)
  await asha.getByRole('link', { name: 'Ganga Water Works' }).click()
  await asha
    .getByRole('link', { name: 'Edit' })
    .or(asha.getByRole('button', { name: 'Edit' }))
    .first()
    .click()
  const address = `Phone review ${Date.now().toString(36)}, Varanasi`
  await asha.getByRole('textbox', { name: 'Office address' }).fill(address)
  await asha.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(asha.getByText(/submitted for admin approval/)).toBeVisible()
  await ashaContext.close()

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
  const page = await context.newPage()
  await signIn(page, 'admin@example.com')
  await page.goto(`${baseURL()}/admin/approvals`)
  // On a phone the queue is a list of cards.
  await page.getByRole('listitem').filter({ hasText: 'Ganga Water Works' }).getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: 'Review Pending Action' })).toBeVisible()
  const proposed = page.getByRole('table', { name: 'Proposed changes' }).getByText(address)
  await proposed.scrollIntoViewIfNeeded()
  const box = (await proposed.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(375)
  await checkPage(page)
})

test("a list's empty message sits in the visible box on a phone, not in the middle of the wide table", async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  await page.goto(`${baseURL()}/clients`)
  await page.getByRole('textbox', { name: /Search/ }).fill(`no such client ${Date.now()}`)
  const empty = page.getByText('No clients found.')
  await expect(empty).toBeVisible()
  await expect(empty).toBeInViewport({ ratio: 1 })
  await expectNoSideScroll(page)
})
