import { baseURL, openTasks, signIn } from '../support/app.ts'
import { expectNoSideScroll } from '../support/checks.ts'
import { expect, type Page, test } from '../support/test.ts'

test.use({ viewport: { width: 375, height: 812 } })

/** Creates a task through the API as the signed-in user: the journey's setup, not what it tests. */
async function createTask(page: Page, fields: Record<string, string>) {
  const token = await page.evaluate(() => localStorage.getItem('daftar.accessToken'))
  const headers = { authorization: `Bearer ${token}` }
  const answer = await page.request.post(`${baseURL()}/api/tasks`, { headers, multipart: fields })
  expect(answer.status(), await answer.text()).toBe(201)
}

async function clientId(page: Page, name: string) {
  const token = await page.evaluate(() => localStorage.getItem('daftar.accessToken'))
  const answer = await page.request.get(`${baseURL()}/api/clients/dropdown-list`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const clients = (await answer.json()) as { client_id: string; name: string }[]
  return clients.find((c) => c.name === name)!.client_id
}

test('a task on a phone: one row of filters, dates without the year, the whole title, buttons clear of toasts', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com')
  await openTasks(page)
  const stamp = Date.now().toString(36).slice(-6)
  // 42 characters: two lines in the list, all of it in the detail.
  const title = `Replace the ETP blower bearings ${stamp}`.padEnd(42, '!')
  expect(title).toHaveLength(42)
  await createTask(page, {
    title,
    clientId: await clientId(page, 'Sunrise Textiles Pvt Ltd'),
    client: 'Sunrise Textiles Pvt Ltd',
    deadline: '2027-03-05',
    details: 'Bearings hum at full load.\n'.repeat(14),
  })
  const undated = `No date yet ${stamp}`
  await createTask(page, { title: undated })
  await page.reload()

  // The filters take one row before the tabs; Create Task sits by the title.
  const filters = [
    page.getByRole('combobox', { name: 'Category' }),
    page.getByRole('combobox', { name: 'Sort' }),
    page.getByRole('button', { name: 'Search', exact: true }),
  ]
  const middles = await Promise.all(
    filters.map(async (f) => {
      const box = (await f.boundingBox())!
      return box.y + box.height / 2
    }),
  )
  expect(Math.max(...middles) - Math.min(...middles), `filter rows at ${middles}`).toBeLessThan(8)
  await expect(page.getByRole('button', { name: 'Create Task' })).toBeVisible()
  await expectNoSideScroll(page)

  // Cards: the deadline without its year at 768 px and below; 'No deadline' when there is none.
  const card = page.getByTestId('task-row').filter({ hasText: title })
  await expect(card).toContainText(/Due 0?5 Mar(?! 2027)/)
  await expect(page.getByTestId('task-row').filter({ hasText: undated })).toContainText('No deadline')

  // The detail: the whole title; the client (no project) as text.
  await card.getByRole('button', { name: title }).click()
  const detail = page.getByRole('dialog').filter({ hasText: 'Assignment Chain' })
  const heading = detail.getByRole('heading', { level: 3, name: title })
  await expect(heading).toBeVisible()
  const clipped = await heading.evaluate((el) => el.scrollHeight > el.clientHeight + 1)
  expect(clipped).toBe(false)
  await expect(heading).not.toHaveCSS('-webkit-line-clamp', '2')
  await expect(detail.getByText('Sunrise Textiles Pvt Ltd')).toBeVisible()
  await expect(detail.getByRole('link', { name: 'Sunrise Textiles Pvt Ltd' })).toHaveCount(0)

  // A toast (Comment Added) does not cover the buttons at the detail's foot.
  await detail.getByRole('button', { name: 'Add Comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Comment' })
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Ordered the bearings.')
  await dialog.getByRole('button', { name: 'Add Comment' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Comment Added' })
  await expect(toast).toBeVisible()
  // The new comment is in the detail first, so that nothing grows the content after the scroll.
  await expect(detail.getByText('Ordered the bearings.')).toBeVisible()
  const edit = detail.getByRole('button', { name: 'Edit', exact: true })
  await edit.scrollIntoViewIfNeeded()
  const overlap = async () => {
    await page.mouse.wheel(0, 4000)
    await page.waitForTimeout(300)
    const [button, note] = [await edit.boundingBox(), await toast.boundingBox()]
    if (!button || !note) return 'not on screen'
    const overlaps =
      button.x < note.x + note.width &&
      note.x < button.x + button.width &&
      button.y < note.y + note.height &&
      note.y < button.y + button.height
    return overlaps ? `button ${JSON.stringify(button)} under toast ${JSON.stringify(note)}` : 'clear'
  }
  // Scrolled to its foot once the content has settled, the buttons sit above the toast.
  await expect.poll(overlap, { timeout: 5000 }).toBe('clear')
})
