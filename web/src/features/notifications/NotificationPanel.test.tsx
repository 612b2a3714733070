import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { NotificationPanel } from './NotificationPanel.tsx'

const mock = startMockApi()

const note = {
  notification_id: 7,
  message: "Ravi Kumar assigned you the task 'Check the inlet screen'.",
  is_read: false,
  created_at: new Date().toISOString(),
  link: '/?task=t1',
  type: 'TASK_ASSIGNED',
  entity_type: 'TASK',
  entity_id: 't1',
  triggering_username: 'ravi',
  triggering_user_fullname: 'Ravi Kumar',
  triggering_user_display_photo: null,
}

describe('the notifications panel', { timeout: 30_000 }, () => {
  it('says it could not load after one quick second try, and offers to try again', async () => {
    let asked = 0
    let failing = true
    mock.use(
      http.get('/api/notifications', () => {
        asked++
        return failing
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ notifications: [note], totalPages: 1, currentPage: 1 })
      }),
    )
    renderApp(<NotificationPanel onClose={() => {}} />)
    expect(
      await screen.findByText('Error: Could not load notifications.', {}, { timeout: 5000 }),
    ).toBeTruthy()
    // One quick second try (0.4 s), not the app's default retries of seconds each.
    expect(asked).toBe(2)
    failing = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(note.message)).toBeTruthy()
    expect(screen.getByText("You've reached the end.")).toBeTruthy()
  })
})
