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

test('a task on a phone: the filters with all their words, dates without the year, the whole title, buttons clear of toasts', async ({
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

  // The two dropdowns share the first row, each wide enough for all its words; the search icon is on
  // the next; Create Task sits by the title.
  const dropdowns = [
    page.getByRole('combobox', { name: 'Category' }),
    page.getByRole('combobox', { name: 'Sort' }),
  ]
  const boxes = await Promise.all(dropdowns.map(async (d) => (await d.boundingBox())!))
  expect(Math.abs(boxes[0]!.y - boxes[1]!.y), 'the dropdowns share a row').toBeLessThan(2)
  // The Due filter sits on the next row with the search, as wide as its words too.
  for (const dropdown of [...dropdowns, page.getByRole('combobox', { name: 'Due' })]) {
    const clipped = await dropdown.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el)
      const text = document.createElement('canvas').getContext('2d')!
      text.font = style.font
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      return text.measureText(el.value || el.placeholder).width > room
    })
    expect(clipped, `${await dropdown.getAttribute('aria-label')} shows all its words`).toBe(false)
  }
  const search = (await page.getByRole('button', { name: 'Search', exact: true }).boundingBox())!
  expect(search.y, 'the search on the next row').toBeGreaterThan(boxes[0]!.y + boxes[0]!.height)
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
