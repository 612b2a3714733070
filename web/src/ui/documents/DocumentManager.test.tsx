import type { DocumentItem } from '@daftar/domain/documents'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { DocumentManager } from './DocumentManager.tsx'

const mock = startMockApi()
const clientId = '5c8e1f2a-3b4d-4e6f-9a0b-1c2d3e4f5a6b'
const slow = { timeout: 5000 }

describe('the Documents tab', { timeout: 30_000 }, () => {
  it('sends one New Folder request for a double click on Create', async () => {
    const folders: DocumentItem[] = []
    const posted: unknown[] = []
    mock.use(
      http.get('/api/documents', () => HttpResponse.json(folders)),
      http.post('/api/documents', async ({ request }) => {
        posted.push(await request.json())
        await new Promise((r) => setTimeout(r, 50))
        return HttpResponse.json(
          { message: 'Folder created successfully', document_id: 'd1' },
          { status: 201 },
        )
      }),
    )
    renderApp(<DocumentManager entityType="CLIENT" entityId={clientId} access="WRITE" />)
    await userEvent.click(await screen.findByRole('button', { name: 'New Folder' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' }, slow)
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Folder name/ }), 'Contracts')
    const create = within(dialog).getByRole('button', { name: 'Create' })
    // Two clicks in the same tick, before React renders the busy button.
    fireEvent.click(create)
    fireEvent.click(create)
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Folder' })).toBeNull(), slow)
    expect(posted).toEqual([
      { entityType: 'CLIENT', entityId: clientId, parentFolderId: null, folderName: 'Contracts' },
    ])
  })

  it('refuses a blank folder name with the spec words, sending nothing', async () => {
    let posts = 0
    mock.use(
      http.get('/api/documents', () => HttpResponse.json([])),
      http.post('/api/documents', () => {
        posts++
        return HttpResponse.json({}, { status: 500 })
      }),
    )
    renderApp(<DocumentManager entityType="CLIENT" entityId={clientId} access="WRITE" />)
    await userEvent.click(await screen.findByRole('button', { name: 'New Folder' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' }, slow)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Folder name cannot be empty.', undefined, slow)).toBeTruthy()
    expect(posts).toBe(0)
  })
})
