import { baseURL, goTo, signIn, userPage } from '../support/app.ts'
import { expect, test } from '../support/test.ts'

const unique = () => Date.now().toString(36)

test('a staff request for a supplier is read in the review diff and approved by the admin', async ({
  browser,
}) => {
  const name = `Kaveri Valves ${unique()}`
  const ravi = await userPage(browser, 'ravi@example.com')
  await goTo(ravi, 'Suppliers')
  await ravi.getByRole('link', { name: 'Add Supplier' }).click()
  await expect(ravi.getByRole('heading', { name: 'Add New Supplier' })).toBeVisible()
  // The schema's message shows on submit and goes as soon as the field is right.
  await ravi.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(ravi.getByText('Supplier name is required.')).toBeVisible()
  await ravi.getByRole('textbox', { name: 'Supplier name' }).fill(name)
  await ravi.getByRole('textbox', { name: 'GSTIN' }).fill('27aapfu0939f1zx')
  await ravi.getByRole('textbox', { name: 'GSTIN' }).blur()
  await expect(ravi.getByText('Supplier name is required.')).toHaveCount(0)
  await ravi.getByRole('button', { name: 'Submit for Approval' }).click()
  await expect(ravi.getByText('Invalid GSTIN format.')).toBeVisible()
  await ravi.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZV')
  await ravi.getByRole('textbox', { name: 'Product category' }).fill('Valves')
  await ravi.getByRole('textbox', { name: 'Website' }).fill('kaveri-valves.example')
  await ravi.getByRole('textbox', { name: 'Contact 1 name' }).fill('Gopal Iyer')
  await ravi.getByRole('textbox', { name: 'Contact 1 phone' }).fill('+91 98450 12345')
  // A double click makes one request.
  await ravi.getByRole('button', { name: 'Submit for Approval' }).dblclick()
  await expect(
    ravi.getByText('Supplier creation request submitted for admin approval.').first(),
  ).toBeVisible()
  await expect(ravi).toHaveURL(`${baseURL()}/suppliers`)

  const admin = await userPage(browser, 'admin@example.com')
  await admin.goto(`${baseURL()}/admin/approvals?entityType=SUPPLIER`)
  const row = admin.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Ravi Kumar')
  await row.getByRole('link').click()
  await expect(admin.getByRole('heading', { name: 'Review Pending Action' })).toBeVisible()
  const proposed = admin.getByRole('table', { name: 'Proposed data' })
  await expect(proposed.getByRole('row').filter({ hasText: 'Supplier Name' })).toContainText(name)
  await expect(proposed.getByRole('row').filter({ hasText: 'Category' })).toContainText('Valves')
  await expect(proposed.getByRole('row').filter({ hasText: 'Contact 1 › Phone' })).toContainText(
    '+91 98450 12345',
  )
  await expect(admin.getByText('Ravi Kumar (@ravi) — Write (the requester)')).toBeVisible()
  await admin.getByRole('button', { name: 'Approve' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByText('Action approved successfully.')).toBeVisible()

  await ravi.goto(`${baseURL()}/suppliers`)
  const listed = ravi.getByRole('row').filter({ hasText: name })
  await expect(listed).toContainText('Gopal Iyer')
  await expect(listed.getByRole('link', { name: 'kaveri-valves.example' })).toHaveAttribute(
    'href',
    'https://kaveri-valves.example',
  )
  await listed.getByRole('link', { name }).click()
  await expect(ravi.getByRole('heading', { name })).toBeVisible()
  await expect(ravi.getByText('WRITE access')).toBeVisible()
})

test('an admin adds an employee with a login account, and that person signs in', async ({ browser }) => {
  const id = unique()
  const admin = await userPage(browser, 'admin@example.com')
  await goTo(admin, 'Current Employees')
  await admin.getByRole('link', { name: 'Add Employee' }).click()
  await expect(admin.getByRole('heading', { name: 'Add New Employee' })).toBeVisible()
  await admin.getByRole('textbox', { name: 'Full name' }).fill('Kiran Deshpande')
  await admin.getByRole('textbox', { name: 'Employee Official ID' }).fill(`EMP-${id}`)
  await admin.getByRole('textbox', { name: 'Department' }).fill('Laboratory')
  await admin.getByRole('checkbox', { name: 'Create a login account for this employee' }).check()
  await admin.getByRole('textbox', { name: 'Username' }).fill(`kiran${id}`)
  await admin.getByRole('button', { name: 'Add Employee' }).click()
  await expect(
    admin.getByText('Username, Password, and Mobile are required to create a login account.'),
  ).toBeVisible()
  await admin.getByRole('textbox', { name: 'Mobile' }).fill(`+9176${String(Date.now()).slice(-8)}`)
  await admin.getByRole('textbox', { name: 'Password' }).fill('short')
  await admin.getByRole('button', { name: 'Add Employee' }).click()
  await expect(admin.getByText('Password must be at least 6 characters long.')).toBeVisible()
  await admin.getByRole('textbox', { name: 'Password' }).fill('Kiran@2026')
  await admin.getByRole('button', { name: 'Add Employee' }).click()
  await expect(admin.getByText('Employee created successfully.')).toBeVisible()
  await expect(admin).toHaveURL(`${baseURL()}/employees`)
  await admin.getByRole('textbox', { name: 'Search' }).fill('Kiran Deshpande')
  await admin.getByRole('link', { name: 'Kiran Deshpande' }).click()
  await expect(admin.getByText(`@kiran${id}`)).toBeVisible()

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const kiran = await context.newPage()
  await signIn(kiran, `kiran${id}`, 'Kiran@2026')
  await expect(kiran.getByRole('button', { name: 'User menu' })).toContainText('Kiran Deshpande')
})

test('an asset assigned to a project shows the project’s name, in the list and on its page', async ({
  browser,
}) => {
  const admin = await userPage(browser, 'admin@example.com')
  const assetId = `AST-${unique()}`
  await goTo(admin, 'Assets')
  await admin.getByRole('link', { name: 'Add Asset' }).click()
  await expect(admin.getByRole('heading', { name: 'Add New Asset' })).toBeVisible()
  await admin.getByRole('textbox', { name: 'Asset ID' }).fill(assetId)
  await admin.getByRole('textbox', { name: 'Asset name' }).fill('Turbidity meter')
  await expect(admin.getByRole('combobox', { name: 'Status' })).toHaveValue('In Stock')
  await admin.getByRole('combobox', { name: 'Assigned to' }).click()
  await admin.getByRole('option', { name: 'Project' }).click()
  await admin.getByRole('button', { name: 'Add Asset' }).click()
  await expect(
    admin.getByText('Please select a specific project/employee to assign the asset to.'),
  ).toBeVisible()
  await admin.getByRole('textbox', { name: 'Project' }).fill('Ganga')
  await admin.getByRole('option', { name: /Ganga STP Operations/ }).click()
  await admin.getByRole('textbox', { name: 'Purchase cost' }).fill('15999.5')
  await admin.getByRole('button', { name: 'Add Asset' }).click()
  await expect(admin.getByText('Asset created successfully.')).toBeVisible()
  await expect(admin).toHaveURL(`${baseURL()}/organization/assets`)
  const row = admin.getByRole('row').filter({ hasText: assetId })
  await expect(row).toContainText('Ganga STP Operations')
  await expect(row).toContainText('In Stock')
  await row.getByRole('link', { name: assetId }).click()
  await expect(admin.getByRole('heading', { name: 'Turbidity meter' })).toBeVisible()
  await expect(admin.getByRole('link', { name: 'Ganga STP Operations' })).toBeVisible()
  await expect(admin.getByText('₹15,999.50')).toBeVisible()
  await admin.getByRole('link', { name: 'Edit' }).click()
  await expect(admin.getByRole('heading', { name: 'Edit Asset: Turbidity meter' })).toBeVisible()
  // Changing the assignment type clears the chosen project.
  await admin.getByRole('combobox', { name: 'Assigned to' }).click()
  await admin.getByRole('option', { name: 'Office' }).click()
  await expect(admin.getByRole('textbox', { name: 'Project' })).toHaveCount(0)
})

test('technical information keywords are added with commas and Enter, trimmed and lowercased', async ({
  browser,
}) => {
  const admin = await userPage(browser, 'admin@example.com')
  const title = `Chlorine demand test ${unique()}`
  await goTo(admin, 'Technical Info')
  await admin.getByRole('link', { name: 'Add Entry' }).click()
  await admin.getByRole('textbox', { name: 'Title' }).fill(title)
  const keywords = admin.getByRole('combobox', { name: 'Keywords' })
  await keywords.pressSequentially(' Chlorine ,')
  await keywords.pressSequentially('Disinfection')
  await keywords.press('Enter')
  await keywords.pressSequentially('chlorine')
  await keywords.press('Enter')
  await keywords.pressSequentially('Residual,')
  const chosen = admin.locator('[data-path="keywords"], .mantine-TagsInput-pill')
  await expect(chosen).toHaveText(['chlorine', 'disinfection', 'residual'])
  await admin.getByRole('textbox', { name: 'When to use' }).fill('Before setting the chlorinator dose')
  await admin.getByRole('button', { name: 'Add Technical info' }).click()
  await expect(admin.getByText('Technical info created successfully.')).toBeVisible()
  await admin.getByRole('textbox', { name: 'Search' }).fill('residual')
  await admin.getByRole('textbox', { name: 'Search' }).press('Enter')
  const row = admin.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('chlorine, disinfection, residual')
  await admin.getByRole('button', { name: 'Search: residual' }).click()
  await expect(admin.getByRole('textbox', { name: 'Search' })).toHaveValue('')
  await expect(admin.getByRole('row')).not.toHaveCount(2)
})
