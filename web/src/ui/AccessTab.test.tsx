import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { admin, signedInAs } from '../../test/people.ts'
import { renderApp } from '../../test/render.tsx'
import { startMockApi } from '../../test/server.ts'
import { AccessTab } from './AccessTab.tsx'

const mock = startMockApi()
const slow = { timeout: 5000 }
const projectId = '5c8e1f2a-3b4d-4e6f-9a0b-1c2d3e4f5a6b'
const ravi = {
  user_id: '9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e',
  username: 'ravi',
  full_name: 'Ravi Kumar',
  isadmin: false,
  employee_id: null,
  designation: null,
  display_photo: null,
}

describe("a record's Access tab", { timeout: 30_000 }, () => {
  it('grants once for a double click, and says to pick a person first', async () => {
    signedInAs(mock, admin())
    const grants: unknown[] = []
    mock.use(
      http.get('/api/users', () => HttpResponse.json([ravi])),
      http.get('/api/access', () => HttpResponse.json([])),
      http.post('/api/access', async ({ request }) => {
        grants.push(await request.json())
        await new Promise((r) => setTimeout(r, 50))
        return HttpResponse.json({ message: 'Access granted successfully.' }, { status: 201 })
      }),
    )
    renderApp(<AccessTab entityType="PROJECT" entityId={projectId} />)
    const grant = await screen.findByRole('button', { name: 'Grant Access' }, slow)
    await userEvent.click(grant)
    expect(await screen.findByText('Please select a user to grant access to.', undefined, slow)).toBeTruthy()
    const picker = screen.getByRole('combobox', { name: 'Grant access to' })
    await vi.waitFor(() => expect(picker.getAttribute('placeholder')).not.toBe('Loading users...'), slow)
    await userEvent.type(picker, 'Ravi')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await vi.waitFor(() => expect((picker as HTMLInputElement).value).toMatch(/Ravi Kumar/), slow)
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Access level' })).getByText('Write'))
    fireEvent.click(grant)
    fireEvent.click(grant)
    await vi.waitFor(() => expect(grants).toHaveLength(1), slow)
    await new Promise((r) => setTimeout(r, 200))
    expect(grants).toEqual([
      { userId: ravi.user_id, entityType: 'PROJECT', entityId: projectId, level: 'WRITE' },
    ])
  })
})
