import { TASK_STATUS } from '@daftar/domain/tasks'
import { notificationsStore } from '@mantine/notifications'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { setSessionExpiredHandler } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { keepDraftsForExpiredSession } from '../../ui/drafts.ts'
import type { TaskDetail } from './api.ts'
import { TaskActions } from './TaskActions.tsx'
import { TaskComments } from './TaskComments.tsx'

const mock = startMockApi()

/** The toasts asked for (shown or queued behind the limit). */
const toasts = () => {
  const { notifications, queue } = notificationsStore.getState()
  return [...notifications, ...queue].map((toast) => toast.message)
}
const TASK_ID = '5b0e2a4c-1d3f-4e5a-9b6c-7d8e9f0a1b2c'

function task(over: Partial<TaskDetail> = {}): TaskDetail {
  return {
    task_id: TASK_ID,
    title: 'Order cables',
    project: null,
    project_id: null,
    client: null,
    client_id: null,
    project_readable: false,
    client_readable: false,
    assignment_chain: ['ravi', 'asha'],
    deadline: null,
    start_date: null,
    added_date: '2026-11-20T10:00:00.000Z',
    details: null,
    attachment: null,
    category_id: null,
    category_name: null,
    category_color: null,
    cc: [],
    status: TASK_STATUS.inProgress,
    edited_at: null,
    deletion_date: null,
    approved_at: null,
    submitted_at: null,
    completion_file: null,
    completion_feedback: null,
    rejection_comments: null,
    comments: [],
    creator_registered: true,
    assignee_registered: true,
    version: 1,
    series_id: null,
    created_late: false,
    people: {},
    ...over,
  }
}

describe('the task dialogs', { timeout: 30_000 }, () => {
  it('Add Comment sends once for a double click', async () => {
    const sent: unknown[] = []
    signedInAs(mock, person())
    mock.use(
      http.post('/api/comments', async ({ request }) => {
        sent.push(await request.json())
        await delay(50)
        return HttpResponse.json(
          {
            message: 'Comment Added',
            comment: {
              comment_id: 'c1',
              task_id: TASK_ID,
              username: 'asha',
              comment_text: 'Ordered.',
              created_at: new Date().toISOString(),
            },
          },
          { status: 201 },
        )
      }),
      http.get(`/api/tasks/${TASK_ID}`, () => HttpResponse.json(task())),
    )
    renderApp(<TaskComments task={task()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Add Comment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Comment' })
    fireEvent.change(await screen.findByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Ordered.' },
    })
    const send = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Add Comment')!
    fireEvent.click(send)
    fireEvent.click(send)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Comment' })).toBeNull())
    expect(sent).toEqual([{ task_id: TASK_ID, comment_text: 'Ordered.' }])
  })

  it('Add Comment keeps what was typed across an expired session and opens with it again', async () => {
    signedInAs(mock, person())
    setSessionExpiredHandler(keepDraftsForExpiredSession)
    session.set({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' })
    mock.use(
      http.post('/api/comments', () => HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 })),
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ error: 'Your session has expired. Please log in again.' }, { status: 401 }),
      ),
    )
    const first = renderApp(<TaskComments task={task()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Add Comment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Comment' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'The cables came in the wrong gauge.' },
    })
    const send = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Add Comment')!
    await userEvent.click(send)
    await waitFor(() => expect(session.isAuthenticated()).toBe(false))
    first.unmount()

    // Signed in again, the task opens with the comment being written.
    session.set({ accessToken: 'new-access', refreshToken: 'new-refresh' })
    renderApp(<TaskComments task={task()} />)
    await screen.findByRole('dialog', { name: 'Add Comment' })
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe(
      'The cables came in the wrong gauge.',
    )
    session.clear()
    setSessionExpiredHandler(() => {})
  })

  it('Mark as Complete keeps the feedback and file for another try when its call fails', async () => {
    signedInAs(mock, person())
    let calls = 0
    mock.use(
      http.put(`/api/tasks/${TASK_ID}/complete`, () => {
        calls++
        return HttpResponse.error()
      }),
    )
    renderApp(<TaskActions task={task()} onClose={() => {}} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Complete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark the Task as Complete' })
    const photo = new File(['jpeg'], 'panel.jpg', { type: 'image/jpeg' })
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, photo)
    fireEvent.change(screen.getByRole('textbox', { name: 'Completion Feedback' }), {
      target: { value: 'Replaced the filter and tested the pump.' },
    })
    const send = Array.from(dialog.querySelectorAll('button')).find(
      (b) => b.textContent === 'Mark as Complete',
    )!
    await userEvent.click(send)
    // The dialog closes at once (the list hides the task) and the failure is said as the spec words it.
    await waitFor(() => expect(toasts()).toContain('Error: Could not complete task. Restoring task.'))
    expect(calls).toBe(1)

    await userEvent.click(screen.getByRole('button', { name: 'Mark as Complete' }))
    const again = await screen.findByRole('dialog', { name: 'Mark the Task as Complete' })
    expect((screen.getByRole('textbox', { name: 'Completion Feedback' }) as HTMLTextAreaElement).value).toBe(
      'Replaced the filter and tested the pump.',
    )
    expect(again.textContent).toContain('panel.jpg')
  })

  it('Reject the Task with a comment typed asks before Cancel throws it away', async () => {
    signedInAs(mock, person({ username: 'ravi', full_name: 'Ravi Kumar' }))
    mock.use(http.get('/api/users', () => HttpResponse.json([])))
    const pending = task({ status: TASK_STATUS.pendingApproval })
    renderApp(<TaskActions task={pending} onClose={() => {}} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject the Task' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Rejection Comment' }), {
      target: { value: 'The cable gauge is wrong.' },
    })
    const cancel = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Cancel')!
    await userEvent.click(cancel)
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect((screen.getByRole('textbox', { name: 'Rejection Comment' }) as HTMLTextAreaElement).value).toBe(
      'The cable gauge is wrong.',
    )
  })
})
