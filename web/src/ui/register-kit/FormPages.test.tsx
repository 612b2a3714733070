import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { register as suppliers } from '../../features/suppliers/register.tsx'
import { register as technicalInfo } from '../../features/technical-info/register.tsx'
import { RegisterAddPage } from './FormPages.tsx'
import { RegisterListPage } from './ListPage.tsx'

const mock = startMockApi()
const slow = { timeout: 5000 }

describe('a register form on the form hook', { timeout: 30_000 }, () => {
  it("sends one request for a double click, with the schema's message first and the server's answer after", async () => {
    signedInAs(mock, person())
    const posted: { body: unknown; key: string | null }[] = []
    mock.use(
      http.get('/api/users', () => HttpResponse.json([])),
      http.post('/api/suppliers', async ({ request }) => {
        posted.push({ body: await request.json(), key: request.headers.get('idempotency-key') })
        await new Promise((r) => setTimeout(r, 50))
        return HttpResponse.json(
          { message: 'Supplier creation request submitted for admin approval.', actionId: 'a1' },
          { status: 202 },
        )
      }),
    )
    const { router } = renderApp(<RegisterAddPage register={suppliers} />, {
      path: '/suppliers/add',
      routes: [{ path: '/suppliers', element: <p>Suppliers list</p> }],
    })
    const submit = await screen.findByRole('button', { name: 'Submit for Approval' }, slow)
    await userEvent.click(submit)
    expect(await screen.findByText('Supplier name is required.', undefined, slow)).toBeTruthy()
    expect(posted).toHaveLength(0)
    await userEvent.type(screen.getByRole('textbox', { name: /Supplier name/ }), 'Kaveri Valves')
    fireEvent.click(submit)
    fireEvent.click(submit)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/suppliers'), slow)
    expect(posted).toHaveLength(1)
    expect(posted[0]!.body).toMatchObject({ name: 'Kaveri Valves', accessPermissions: [] })
    expect(posted[0]!.key).toBeTruthy()
  })

  it('keeps page, search and sort in the address under the API’s names and asks the list for them', async () => {
    signedInAs(mock, person())
    const asked: string[] = []
    mock.use(
      http.get('/api/suppliers', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json({ suppliers: [], totalPages: 1, currentPage: 1 })
      }),
    )
    renderApp(<RegisterListPage register={suppliers} view={suppliers.list.main} />, {
      path: '/suppliers?searchQuery=valve&sortBy=name_desc',
    })
    expect(await screen.findByText('No suppliers found.', undefined, slow)).toBeTruthy()
    expect(asked.at(-1)).toBe('?page=1&searchQuery=valve&sortBy=name_desc')
  })

  it('lets each technical field hold what the schema allows, and no more (docs/product.md, "Technical information")', async () => {
    signedInAs(mock, person())
    mock.use(http.get('/api/users', () => HttpResponse.json([])))
    renderApp(<RegisterAddPage register={technicalInfo} />, { path: '/technical-info/add' })
    const limits = {
      'When to use': 5000,
      Prerequisites: 5000,
      Description: 20000,
      Formula: 5000,
      Steps: 20000,
    }
    for (const [label, max] of Object.entries(limits)) {
      const field = await screen.findByRole('textbox', { name: new RegExp(`^${label}`) }, slow)
      expect([label, field.getAttribute('maxlength')]).toEqual([label, String(max)])
    }
  })
})
