import { categoryMessages } from '@daftar/domain/categories'
import type { AdminUser } from '@daftar/domain/users'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { screen as device } from '../../../test/setup.ts'
import { setSessionExpiredHandler } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { keepDraftsForExpiredSession } from '../../ui/drafts.ts'
import { CategoriesSection } from './CategoriesSection.tsx'
import { InvoiceDetailsForm } from './InvoiceDetailsForm.tsx'
import { UsersSection } from './UsersSection.tsx'

const mock = startMockApi()
// Mantine's dialogs render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 5000 }
const user = userEvent.setup({ delay: null })

const person = (id: string, fullName: string, flags: Partial<AdminUser> = {}): AdminUser => ({
  user_id: id,
  username: fullName.split(' ')[0]!.toLowerCase(),
  full_name: fullName,
  designation: 'Engineer',
  employee_id: null,
  display_photo: null,
  isadmin: false,
  is_accountant: false,
  email: `${id}@example.com`,
  mobile: '+919800000001',
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 3,
  ...flags,
})
const admin = person('u-admin', 'Anil Admin', { isadmin: true })
const staff = person('u-staff', 'Sunita Staff')

/** Answers the user list, recording the query of each request. */
function usersApi() {
  const queries: string[] = []
  mock.use(
    http.get('/api/admin/users', ({ request }) => {
      queries.push(new URL(request.url).search)
      return HttpResponse.json({ users: [admin, staff], totalPages: 1, currentPage: 1 })
    }),
  )
  return queries
}

describe('the users of the admin settings', () => {
  it('are cards on a phone: name, sign-in and each flag labelled, own admin and active locked', async () => {
    device.narrow = true
    usersApi()
    renderApp(<UsersSection currentUserId="u-admin" />, { path: '/admin/settings' })
    const cards = await screen.findAllByRole('listitem', {}, slow)
    expect(cards).toHaveLength(2)
    const own = within(cards[0]!)
    expect(own.getByText('Anil Admin')).toBeTruthy()
    expect(own.getByText('u-admin@example.com')).toBeTruthy()
    for (const label of ['Admin', 'Accountant', 'Active']) expect(own.getByText(label)).toBeTruthy()
    expect(own.getByRole('switch', { name: 'Admin: Anil Admin' })).toHaveProperty('disabled', true)
    expect(own.getByRole('switch', { name: 'Active: Anil Admin' })).toHaveProperty('disabled', true)
    expect(own.getByRole('switch', { name: 'Accountant: Anil Admin' })).toHaveProperty('disabled', false)
    expect(within(cards[1]!).getByRole('switch', { name: 'Admin: Sunita Staff' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('search through the API, the search kept in the address', async () => {
    const queries = usersApi()
    const { router } = renderApp(<UsersSection currentUserId="u-admin" />, { path: '/admin/settings' })
    await screen.findByText('Sunita Staff', undefined, slow)
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'sunita{Enter}')
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&searchQuery=sunita'), slow)
    expect(router.state.location.search).toBe('?searchQuery=sunita')
  })

  it('switch a flag at once with the version seen, and ask before a deactivation', async () => {
    usersApi()
    const sent: { id: unknown; body: unknown; ifMatch: string | null }[] = []
    mock.use(
      http.put('/api/admin/users/:id', async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json(), ifMatch: request.headers.get('if-match') })
        return HttpResponse.json({ message: 'User updated.', user: staff })
      }),
    )
    renderApp(<UsersSection currentUserId="u-admin" />, { path: '/admin/settings' })
    await user.click(await screen.findByRole('switch', { name: 'Accountant: Sunita Staff' }, slow))
    await waitFor(() => expect(sent).toHaveLength(1), slow)
    expect(sent[0]).toEqual({ id: 'u-staff', body: { is_accountant: true }, ifMatch: '3' })

    await user.click(screen.getByRole('switch', { name: 'Active: Sunita Staff' }))
    expect(await screen.findByText(/Deactivate Sunita Staff\?/, undefined, slow)).toBeTruthy()
    expect(sent).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(sent).toHaveLength(2), slow)
    expect(sent[1]!.body).toEqual({ is_active: false })
  })
})

describe('the task categories', () => {
  it("add one through its schema: the schema's words, the colour lower-cased, Escape asks first", async () => {
    mock.use(http.get('/api/categories', () => HttpResponse.json([])))
    const sent: unknown[] = []
    mock.use(
      http.post('/api/categories', async ({ request }) => {
        const body = (await request.json()) as { category_name: string; category_color: string }
        sent.push(body)
        const category = { category_id: 'c-1', version: 1, ...body }
        return HttpResponse.json({ message: categoryMessages.created, category }, { status: 201 })
      }),
    )
    renderApp(<CategoriesSection />, { path: '/admin/settings' })
    expect(await screen.findByText('No categories yet.', undefined, slow)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add category' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add category' }, slow)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText(categoryMessages.nameRequired, undefined, slow)).toBeTruthy()

    await user.type(within(dialog).getByLabelText(/^Name/), 'Audit')
    await user.keyboard('{Escape}')
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))

    const colour = within(dialog).getByLabelText('Colour')
    await user.clear(colour)
    await user.type(colour, '#1E88E5')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toEqual([{ category_name: 'Audit', category_color: '#1e88e5' }]), slow)
  })
})

describe('the invoice details of the organisation', () => {
  const organisation = {
    name: 'Acme Works',
    accounts_access: 'EVERYONE' as const,
    require_two_factor: false,
    userLimit: 10,
    userCount: 2,
    version: 7,
    gstin: null,
    address: 'Plot 4, MIDC',
    bank_account_name: null,
    bank_name: null,
    bank_account_number: null,
    bank_ifsc: null,
    bank_branch: null,
    upi_id: null,
  }

  it("refuse a field the domain refuses, then send the details with the organisation's name and version", async () => {
    const sent: { body: unknown; ifMatch: string | null }[] = []
    mock.use(
      http.put('/api/admin/organisation', async ({ request }) => {
        sent.push({ body: await request.json(), ifMatch: request.headers.get('if-match') })
        return HttpResponse.json({ message: 'Organisation updated.', version: 8 })
      }),
    )
    renderApp(<InvoiceDetailsForm organisation={organisation} />, { path: '/admin/settings' })
    const save = await screen.findByRole('button', { name: 'Save invoice details' }, slow)
    expect(save).toHaveProperty('disabled', true)
    expect((screen.getByRole('textbox', { name: 'Address' }) as HTMLTextAreaElement).value).toBe(
      'Plot 4, MIDC',
    )

    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'not a upi')
    await user.click(save)
    expect(await screen.findByText('Invalid UPI ID.', undefined, slow)).toBeTruthy()
    expect(sent).toHaveLength(0)

    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }))
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'acme@okaxis')
    await user.type(screen.getByRole('textbox', { name: 'IFSC code' }), 'utib0000123')
    await user.click(save)
    await waitFor(() => expect(sent).toHaveLength(1), slow)
    expect(sent[0]!.body).toMatchObject({
      name: 'Acme Works',
      upi_id: 'acme@okaxis',
      bank_ifsc: 'UTIB0000123',
      address: 'Plot 4, MIDC',
    })
    expect(sent[0]!.ifMatch).toContain('7')
    // Saved: nothing unsaved is left to send.
    await waitFor(() => expect(save).toHaveProperty('disabled', true), slow)
  })

  it('keep what was typed across an expired session and start from it again', async () => {
    mock.use(
      http.put('/api/admin/organisation', () =>
        HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 }),
      ),
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ error: 'Your session has expired. Please log in again.' }, { status: 401 }),
      ),
    )
    setSessionExpiredHandler(keepDraftsForExpiredSession)
    session.set({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' })
    const first = renderApp(<InvoiceDetailsForm organisation={organisation} />, { path: '/admin/settings' })
    const address = await screen.findByRole('textbox', { name: 'Address' }, slow)
    await user.clear(address)
    await user.type(address, 'Unit 9, Chakan MIDC')
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }))
    await waitFor(() => expect(session.isAuthenticated()).toBe(false), slow)
    first.unmount()

    // Signed in again, the settings open with the address being typed.
    session.set({ accessToken: 'new-access', refreshToken: 'new-refresh' })
    renderApp(<InvoiceDetailsForm organisation={organisation} />, { path: '/admin/settings' })
    await waitFor(
      () =>
        expect((screen.getByRole('textbox', { name: 'Address' }) as HTMLTextAreaElement).value).toBe(
          'Unit 9, Chakan MIDC',
        ),
      slow,
    )
    session.clear()
    setSessionExpiredHandler(() => {})
  })
})
