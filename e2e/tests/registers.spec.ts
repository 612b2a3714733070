import { baseURL, goTo, userPage } from '../support/app.ts'
import { expect, test } from '../support/test.ts'

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))
const inr = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(n)

test('a staff request for a new client is reviewed and approved, then the client gets documents', async ({
  browser,
}) => {
  const name = `Narmada Dyes ${Date.now().toString(36)}`

  // Asha (staff) asks for a new client.
  const asha = await userPage(browser, 'asha@example.com')
  await goTo(asha, 'Clients')
  await asha.getByRole('link', { name: 'Add Client' }).click()
  await expect(asha.getByRole('heading', { name: 'Add New Client' })).toBeVisible()
  await expect(asha.getByText('This action completes only after admin approval')).toBeVisible()
  await asha.getByRole('textbox', { name: 'Client name' }).fill(name)
  await asha.getByRole('textbox', { name: 'GSTIN' }).fill('27aapfu0939f1zv')
  await asha.getByRole('textbox', { name: 'PAN' }).fill('aapfu0939f')
  await expect(asha.getByRole('textbox', { name: 'PAN' })).toHaveValue('AAPFU0939F')
  await asha.getByRole('textbox', { name: 'Office address' }).fill('Plot 9, GIDC Ankleshwar')
  await asha.getByRole('textbox', { name: 'Contact 1 name' }).fill('Nisha Rao')
  await asha.getByRole('textbox', { name: 'Contact 1 email' }).fill('nisha@narmada.test')
  await asha.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(asha.getByText('Client creation request submitted for admin approval.')).toBeVisible()
  await expect(asha).toHaveURL(`${baseURL()}/clients`)

  // The admin finds it in the queue and reads the field-by-field difference.
  const admin = await userPage(browser, 'admin@example.com')
  await goTo(admin, /^Admin Approvals/)
  await expect(admin.getByRole('heading', { name: 'Admin Approval Queue' })).toBeVisible()
  const row = admin.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Create')
  await expect(row).toContainText('Asha Verma')
  await row.getByRole('link').click()
  await expect(admin.getByRole('heading', { name: 'Review Pending Action' })).toBeVisible()
  const proposed = admin.getByRole('table', { name: 'Proposed data' })
  await expect(proposed.getByRole('row').filter({ hasText: 'Client Name' })).toContainText(name)
  await expect(proposed.getByRole('row').filter({ hasText: 'GSTIN' })).toContainText('27AAPFU0939F1ZV')
  await expect(proposed.getByRole('row').filter({ hasText: 'Contact 1 › Email' })).toContainText(
    'nisha@narmada.test',
  )
  await admin.getByRole('button', { name: 'Approve' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByText('Action approved successfully.')).toBeVisible()
  await expect(admin).toHaveURL(`${baseURL()}/admin/approvals`)
  await expect(admin.getByRole('row').filter({ hasText: name })).toHaveCount(0)

  // Asha now sees the client and works in its documents.
  await asha.goto(`${baseURL()}/clients`)
  await asha.getByRole('textbox', { name: 'Search' }).fill(name)
  await asha.getByRole('link', { name: new RegExp(name) }).click()
  await expect(asha.getByRole('heading', { name })).toBeVisible()
  await expect(asha.getByText('WRITE access')).toBeVisible()
  await asha.getByRole('tab', { name: 'Documents' }).click()
  await expect(asha.getByText('This folder is empty.')).toBeVisible()

  await asha.getByRole('button', { name: 'New Folder' }).click()
  await asha.getByRole('dialog').getByRole('button', { name: 'Create' }).click()
  await expect(asha.getByText('Folder name cannot be empty.')).toBeVisible()
  await asha.getByRole('textbox', { name: 'Folder name' }).fill('Contracts')
  await asha.getByRole('dialog').getByRole('button', { name: 'Create' }).click()
  await expect(asha.getByText('Folder created successfully')).toBeVisible()
  await asha.getByRole('button', { name: 'Open folder Contracts' }).click()
  await expect(asha.getByRole('navigation', { name: 'Folder path' })).toContainText('Contracts')
  await expect(asha.getByText('This folder is empty.')).toBeVisible()

  const chooser = asha.waitForEvent('filechooser')
  await asha.getByRole('button', { name: 'Upload File' }).click()
  await (await chooser).setFiles({
    name: 'agreement.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Service agreement, signed copy to follow.\n'),
  })
  await expect(asha.getByText('File uploaded successfully')).toBeVisible()
  await expect(asha.getByRole('button', { name: 'View agreement.txt', exact: true })).toBeVisible()
  await expect(asha.getByRole('row').filter({ hasText: 'agreement.txt' })).toContainText('Bytes')

  await asha.getByRole('button', { name: 'Rename agreement.txt' }).click()
  const rename = asha.getByRole('dialog')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(rename.getByText('Enter a different name.')).toBeVisible()
  await rename.getByRole('textbox', { name: 'New name' }).fill('signed-agreement.txt')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(asha.getByText('Item renamed successfully')).toBeVisible()
  await expect(asha.getByRole('button', { name: 'View signed-agreement.txt', exact: true })).toBeVisible()
  const download = asha.waitForEvent('download')
  await asha.getByRole('button', { name: 'Download signed-agreement.txt' }).click()
  expect((await download).suggestedFilename()).toBe('signed-agreement.txt')
  // Staff cannot delete documents.
  await expect(asha.getByRole('button', { name: /^Delete / })).toHaveCount(0)

  // The browser's back button steps up one folder.
  await asha.goBack()
  await expect(asha.getByRole('button', { name: 'Open folder Contracts' })).toBeVisible()
})

test('an admin adds a PDF invoice to a project and clears it; the metric cards follow', async ({
  browser,
}) => {
  const admin = await userPage(browser, 'admin@example.com')
  await goTo(admin, 'Projects')
  await admin.getByRole('link', { name: 'Metro Pharma WTP' }).click()
  await expect(admin.getByRole('heading', { name: 'Metro Pharma WTP' })).toBeVisible()
  await admin.getByRole('tab', { name: 'Billing' }).click()

  const billed = admin.getByTestId('metric-Total Billed Amount')
  const cost = admin.getByTestId('metric-Total Cost Incurred')
  await expect(billed).toBeVisible()
  const billedBefore = rupees(await billed.textContent())
  const costBefore = rupees(await cost.textContent())

  await admin.getByRole('button', { name: 'Add Invoice' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add Invoice' })
  await dialog.getByRole('textbox', { name: 'Invoice No' }).fill('INV-E2E-001')
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Commissioning milestone')
  await dialog.getByRole('textbox', { name: 'Amount (₹)' }).fill('150000')
  await dialog.getByRole('textbox', { name: 'Cost Incurred (₹)' }).fill('40000')
  await dialog.getByRole('button', { name: 'Add Invoice' }).click()
  await expect(
    dialog.getByText('Invoice No, Title, Amount, Date, and PDF are required fields.'),
  ).toBeVisible()

  const chooser = admin.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Invoice PDF' }).click()
  await (await chooser).setFiles({
    name: 'INV-E2E-001.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  })
  await dialog.getByRole('button', { name: 'Add Invoice' }).click()
  await expect(admin.getByText('Invoice added successfully!')).toBeVisible()

  const invoice = admin.getByRole('row').filter({ hasText: 'INV-E2E-001' })
  await expect(invoice).toContainText('PENDING')
  await expect(invoice).toContainText('₹1,50,000')
  await expect(billed).toHaveText(inr(billedBefore + 150_000))
  await expect(cost).toHaveText(inr(costBefore + 40_000))

  // The PDF opens in a new tab through a signed URL, which answers the file. (The headless shell the
  // journeys run in has no PDF viewer and takes the tab's PDF as a download, so the answer is what is
  // checked, not the tab's address after it loads.)
  const popup = admin.waitForEvent('popup')
  const answer = admin.context().waitForEvent('response', (r) => /\/api\/files\//.test(r.url()))
  await invoice.getByRole('button', { name: 'View PDF of invoice INV-E2E-001' }).click()
  const pdf = await answer
  expect(pdf.frame().page()).toBe(await popup)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')

  await invoice.getByRole('button', { name: 'Mark invoice INV-E2E-001 as cleared' }).click()
  const clear = admin.getByRole('dialog', { name: 'Mark Invoice as Cleared' })
  await expect(clear.getByLabel('Date of Clearance')).not.toHaveValue('')
  // As a person does, type once the dialog has settled (its date field takes the focus when it has).
  await expect(clear.getByLabel('Date of Clearance')).toBeFocused()
  const transaction = clear.getByRole('textbox', { name: 'Transaction ID' })
  await transaction.fill('UTR-778899')
  await expect(transaction).toHaveValue('UTR-778899')
  await clear.getByRole('button', { name: 'Mark as Cleared' }).click()
  await expect(admin.getByText('Invoice status updated successfully!')).toBeVisible()
  await expect(invoice).toContainText('CLEARED')
  await expect(invoice).toContainText('UTR-778899')
  // Clearing changes no total: the cards still show the invoice's amounts.
  await expect(billed).toHaveText(inr(billedBefore + 150_000))
  await expect(cost).toHaveText(inr(costBefore + 40_000))

  // The project list's billed amount follows too.
  await admin.getByRole('link', { name: 'Back to Projects' }).click()
  await expect(admin.getByRole('row').filter({ hasText: 'Metro Pharma WTP' })).toContainText(
    inr(billedBefore + 150_000),
  )
})
