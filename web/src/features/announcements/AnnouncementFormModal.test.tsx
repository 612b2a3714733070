import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { AnnouncementFormModal } from './AnnouncementFormModal.tsx'

const mock = startMockApi()
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

function answer(status = 201) {
  const sent: unknown[] = []
  signedInAs(mock, admin())
  mock.use(
    http.get('/api/users', () => HttpResponse.json([])),
    http.post('/api/announcements', async ({ request }) => {
      sent.push(await request.json())
      await delay(50)
      return status === 201
        ? HttpResponse.json(
            { message: 'Announcement created and notifications sent.', announcement_id: 'a1' },
            { status },
          )
        : new HttpResponse(null, { status })
    }),
  )
  return sent
}

describe('the announcement form', { timeout: 30_000 }, () => {
  it('publishes once for a double click, and asks for users when it is for selected users only', async () => {
    const sent = answer()
    let closed = 0
    renderApp(<AnnouncementFormModal editing={null} onClose={() => closed++} />)
    fill(await screen.findByRole('textbox', { name: /^Title/ }), 'Diwali holidays')
    fill(screen.getByRole('textbox', { name: /^Content/ }), 'The office is closed on 1 Nov.')
    await userEvent.click(screen.getByText('Selected users'))
    const publish = screen.getByRole('button', { name: 'Publish' })
    await userEvent.click(publish)
    expect(await screen.findByText('Select at least one user to show the announcement to.')).toBeTruthy()
    expect(sent).toEqual([])
    await userEvent.click(screen.getByText('Everyone'))
    fireEvent.click(publish)
    fireEvent.click(publish)
    await waitFor(() => expect(closed).toBe(1))
    expect(sent).toEqual([
      {
        title: 'Diwali holidays',
        content: 'The office is closed on 1 Nov.',
        is_public: true,
        accessPermissions: [],
      },
    ])
  })

  it("says the modal's own words in its red box when the server gives none", async () => {
    answer(500)
    renderApp(<AnnouncementFormModal editing={null} onClose={() => {}} />)
    fill(await screen.findByRole('textbox', { name: /^Title/ }), 'Diwali holidays')
    fill(screen.getByRole('textbox', { name: /^Content/ }), 'Closed on 1 Nov.')
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create.')
  })
})
