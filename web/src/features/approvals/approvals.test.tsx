import { approvalMessages, type PendingAction, type PendingActionDetail } from '@daftar/domain/registers'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as display } from '../../../test/setup.ts'
import Toasts from '../../app/Toasts.tsx'
import ApprovalQueuePage from './ApprovalQueuePage.tsx'
import ReviewActionPage from './ReviewActionPage.tsx'

const mock = startMockApi()
const projectId = '5c8e1f2a-3b4d-4e6f-9a0b-1c2d3e4f5a6b'

const projectUpdate: PendingAction = {
  action_id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  action_type: 'UPDATE',
  entity_type: 'PROJECT',
  entity_id: projectId,
  requested_by_username: 'asha',
  requested_by_fullname: 'Asha Verma',
  requested_at: '2026-03-02T06:30:00.000Z',
  status: 'PENDING',
  proposed_data: { name: 'Ganga STP Phase 2' },
  summary: 'Ganga STP',
  entity_display_id: null,
}
const clientCreate: PendingAction = {
  ...projectUpdate,
  action_id: '8e2f3a4b-5c6d-4e7f-9a01-b2c3d4e5f6a7',
  action_type: 'CREATE',
  entity_type: 'CLIENT',
  entity_id: null,
  summary: 'Narmada Mills',
  proposed_data: { name: 'Narmada Mills' },
}

describe('the approval queue', { timeout: 30_000 }, () => {
  it("names a record by its display id or not at all, never by its raw id; a phone shows each request's key facts", async () => {
    display.narrow = true
    signedInAs(mock, admin())
    mock.use(
      http.get('/api/users', () => HttpResponse.json([])),
      http.get('/api/admin-actions/pending', () =>
        HttpResponse.json({
          pendingActions: [projectUpdate, { ...clientCreate, entity_id: 'c1', entity_display_id: 'CL-0007' }],
          totalPages: 1,
          currentPage: 1,
          limit: 20,
        }),
      ),
    )
    renderApp(<ApprovalQueuePage />, { path: '/admin/approvals' })
    const cards = within(await screen.findByRole('list', { name: 'Pending actions' })).getAllByRole(
      'listitem',
    )
    const project = within(cards[0]!)
    expect(project.getByRole('link', { name: /Project/ }).getAttribute('href')).toBe(
      `/admin/approvals/${projectUpdate.action_id}`,
    )
    expect(project.getByText('Update')).toBeTruthy()
    expect(project.getByText('Entity ID').nextSibling?.textContent).toBe('N/A')
    expect(project.getByText('Requested By').nextSibling?.textContent).toContain('Asha Verma')
    expect(within(cards[1]!).getByText('Entity ID').nextSibling?.textContent).toBe('CL-0007')
    expect(document.body.textContent).not.toContain(projectId.slice(0, 8))
  })
})

function review(action: PendingActionDetail, me = person()) {
  signedInAs(mock, me)
  mock.use(
    http.get('/api/admin-actions/pending/:id', () => HttpResponse.json(action)),
    http.get('/api/clients/dropdown-list', () => HttpResponse.json([])),
  )
  return renderApp(<ReviewActionPage />, {
    path: `/admin/approvals/${action.action_id}`,
    pattern: '/admin/approvals/:actionId',
  })
}

const detail = (over: Partial<PendingActionDetail>): PendingActionDetail => ({
  ...clientCreate,
  access_permissions: [],
  requester_warning: null,
  current_data: null,
  entity_name: null,
  entity_link: null,
  record_changed_since_request: false,
  processed_by_fullname: null,
  processed_at: null,
  rejection_reason: null,
  version: 1,
  ...over,
})

describe('the review page', { timeout: 30_000 }, () => {
  it('is titled by the outcome once the request is decided', async () => {
    review(
      detail({
        status: 'APPROVED',
        entity_id: 'c1',
        entity_display_id: 'CL-0007',
        processed_by_fullname: 'Anil Admin',
        processed_at: '2026-03-03T06:30:00.000Z',
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Approved Action' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Review Pending Action' })).toBeNull()
    expect(screen.getByText('CL-0007')).toBeTruthy()
  })

  it('reviews a pending request under its own title, without the raw id of a record that has no display id', async () => {
    review(detail({ ...projectUpdate, entity_type: 'PROJECT' }))
    expect(await screen.findByRole('heading', { name: 'Review Pending Action' })).toBeTruthy()
    expect(document.body.textContent).not.toContain(projectId)
  })
})

function Tasks() {
  return <p>The tasks</p>
}

/** The queue, with the toasts (they live outside the routes in the app). */
function Queue() {
  return (
    <>
      <p>The queue</p>
      <Toasts />
    </>
  )
}

describe('a decided request on the review page', { timeout: 30_000 }, () => {
  /** The queue loads a moment after a decision, as its chunk does, so the review page is still there. */
  const slowQueue = [
    {
      path: '/admin/approvals',
      lazy: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        return { Component: Queue }
      },
    },
  ]
  const withToasts = (
    <>
      <ReviewActionPage />
      <Toasts />
    </>
  )

  it('opened by an admin once processed, says so and goes back to the queue', async () => {
    signedInAs(mock, admin())
    mock.use(
      http.get('/api/admin-actions/pending/:id', () => HttpResponse.json(detail({ status: 'APPROVED' }))),
    )
    renderApp(withToasts, {
      path: `/admin/approvals/${clientCreate.action_id}`,
      pattern: '/admin/approvals/:actionId',
      routes: slowQueue,
    })
    expect(await screen.findByText(approvalMessages.alreadyProcessed)).toBeTruthy()
    expect(await screen.findByText('The queue', {}, { timeout: 4_000 })).toBeTruthy()
  })

  it('opened by an admin once processed, goes to another page opened within the 2 seconds, not to the queue', async () => {
    signedInAs(mock, admin())
    mock.use(
      http.get('/api/admin-actions/pending/:id', () => HttpResponse.json(detail({ status: 'APPROVED' }))),
    )
    // The other page's code takes longer to come than the 2 seconds: the redirect must not cancel it.
    const slowTasks = {
      path: '/tasks',
      lazy: async () => {
        await new Promise((resolve) => setTimeout(resolve, 2_500))
        return { Component: Tasks }
      },
    }
    const { router } = renderApp(withToasts, {
      path: `/admin/approvals/${clientCreate.action_id}`,
      pattern: '/admin/approvals/:actionId',
      routes: [...slowQueue, slowTasks],
    })
    expect(await screen.findByText(approvalMessages.alreadyProcessed)).toBeTruthy()
    void router.navigate('/tasks')
    expect(await screen.findByText('The tasks', {}, { timeout: 5_000 })).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(router.state.location.pathname).toBe('/tasks')
  })

  /**
   * The admin decides on the review page (`decision`: the button, then the dialog's), the server
   * answering `message`; once it is decided the clients' dropdown answers 300 ms late.
   */
  async function decideHere(
    decision: 'Approve' | 'Reject',
    message: string,
    over: Partial<PendingActionDetail>,
  ) {
    let status: PendingActionDetail['status'] = 'PENDING'
    signedInAs(mock, admin())
    mock.use(
      http.get('/api/clients/dropdown-list', async () => {
        if (status !== 'PENDING') await new Promise((resolve) => setTimeout(resolve, 300))
        return HttpResponse.json([])
      }),
      http.get('/api/admin-actions/pending/:id', () => HttpResponse.json(detail({ status, ...over }))),
      http.put(`/api/admin-actions/pending/:id/${decision.toLowerCase()}`, () => {
        status = decision === 'Approve' ? 'APPROVED' : 'REJECTED'
        return HttpResponse.json({ message })
      }),
    )
    renderApp(withToasts, {
      path: `/admin/approvals/${clientCreate.action_id}`,
      pattern: '/admin/approvals/:actionId',
      routes: slowQueue,
    })
    await userEvent.click(await screen.findByRole('button', { name: decision }))
    const dialog = within(await screen.findByRole('dialog', { name: `${decision} request` }))
    await userEvent.click(dialog.getByRole('button', { name: decision }))
    expect(await screen.findByText('The queue', {}, { timeout: 4_000 })).toBeTruthy()
    expect(screen.getByText(message)).toBeTruthy()
    expect(screen.queryByText(approvalMessages.alreadyProcessed)).toBeNull()
  }

  it('rejected here by the admin, says only that it was rejected', async () => {
    await decideHere('Reject', approvalMessages.rejected, {})
  })

  it('approved here while another refreshed list answers late, says only that it was approved', async () => {
    // A project's review reads the clients' dropdown, which the decision refreshes with the request;
    // answering after it, as the app's other lists can, it let the page see the request approved
    // before the decision's own success was handled.
    await decideHere('Approve', approvalMessages.approved, {
      entity_type: 'PROJECT',
      proposed_data: { name: 'Ganga STP' },
    })
  })
})

describe('Edit & Re-evaluate', { timeout: 30_000 }, () => {
  it("corrects the request with the register's own fields and sends the corrected data once", async () => {
    const sent: unknown[] = []
    mock.use(
      http.get('/api/users', () => HttpResponse.json([])),
      http.put('/api/admin-actions/pending/:id', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({
          message: 'Pending action updated successfully.',
          pendingAction: { action_id: clientCreate.action_id, proposed_data: {} },
        })
      }),
    )
    review(detail({}), admin())
    await userEvent.click(await screen.findByRole('button', { name: 'Edit & Re-evaluate' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit & Re-evaluate' }))
    const name = await dialog.findByRole('textbox', { name: /^Client name/ })
    expect((name as HTMLInputElement).value).toBe('Narmada Mills')
    fireEvent.change(name, { target: { value: 'Narmada Mills Pvt Ltd' } })
    const save = dialog.getByRole('button', { name: 'Save Changes' })
    fireEvent.click(save)
    fireEvent.click(save)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit & Re-evaluate' })).toBeNull())
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      proposed_data: { name: 'Narmada Mills Pvt Ltd' },
      access_permissions: [],
    })
  })
})
