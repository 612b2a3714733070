import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { admin, person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { Sidebar } from '../../app/shell/Sidebar.tsx'
import { OrganisationSection } from '../admin/OrganisationSection.tsx'
import { ReceivablesPage } from './AccountsListPage.tsx'
import { answerReceivables, menuItem, receivableDetail, receivableRow } from './test-accounts.ts'

const mock = startMockApi()
// Dialogs and menus render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 })

function answerOpenReports() {
  mock.use(http.get('/api/reports/open-count', () => HttpResponse.json({ count: 0 })))
}

describe('who can open Accounts', { timeout: 30_000 }, () => {
  it('shows the Accounts group in the sidebar to staff when everyone may open it', async () => {
    signedInAs(mock, person({ can_open_accounts: true }))
    answerOpenReports()
    renderApp(<Sidebar expanded onNavigate={() => {}} />)
    expect(await screen.findByRole('link', { name: 'Receivables' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Payables' })).toBeTruthy()
  })

  it('hides it when the organisation keeps Accounts to admins and accountants', async () => {
    signedInAs(mock, person({ can_open_accounts: false }))
    answerOpenReports()
    renderApp(<Sidebar expanded onNavigate={() => {}} />)
    expect(await screen.findByRole('link', { name: 'Active Tasks' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Accounts' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Receivables' })).toBeNull()
  })

  it('staff may open the list but are not offered Record Payment, Cancel or Delete', async () => {
    signedInAs(mock, person({ can_open_accounts: true }))
    answerReceivables(mock, [receivableRow()])
    renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
    const user = userEvent.setup()
    const viewInfo = await menuItem(user, 'Actions for INV-101', 'View Info')
    const menu = viewInfo.closest('[role="menu"]') as HTMLElement
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((i) => i.textContent)
    expect(items).toEqual(['Edit', 'View Info'])
  })

  it("offers 'Email invoice' to admins and accountants on a live invoice: not to staff, not on a cancelled one", async () => {
    const key = 'org/x/receivables/y.pdf'
    const offered = async (status: 'SENT' | 'CANCELLED', who = admin()) => {
      signedInAs(mock, who)
      answerReceivables(mock, [receivableRow({ status })])
      mock.use(
        http.get('/api/receivables/:id', () =>
          HttpResponse.json(receivableDetail({ status, invoice_pdf_s3_key: key })),
        ),
      )
      const { unmount } = renderApp(<ReceivablesPage />, { path: '/accounts/receivables' })
      const user = userEvent.setup()
      await user.click(await menuItem(user, 'Actions for INV-101', 'View Info'))
      const dialog = await screen.findByRole('dialog', { name: 'Invoice Details' })
      await within(dialog).findByRole('button', { name: 'Download PDF' })
      const email = within(dialog).queryByRole('button', { name: 'Email invoice' }) !== null
      unmount()
      return email
    }
    expect(await offered('SENT')).toBe(true)
    expect(await offered('CANCELLED')).toBe(false)
    expect(await offered('SENT', person({ can_open_accounts: true }))).toBe(false)
  })

  it('an admin chooses it in the Organisation settings; Save is off until it changes', async () => {
    signedInAs(mock, admin())
    let body: unknown = null
    mock.use(
      http.put('/api/admin/organisation', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({
          message: 'Organisation updated.',
          organisation: { ...organisation, accounts_access: 'ADMINS_AND_ACCOUNTANTS', version: 4 },
        })
      }),
      http.get('/api/admin/settings', () => HttpResponse.json({ organisation })),
    )
    renderApp(<OrganisationSection organisation={organisation} />, { path: '/admin/settings' })
    const user = userEvent.setup()
    const form = screen.getByRole('form', { name: 'Who can open Accounts' })
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement
    expect((within(form).getByRole('radio', { name: 'Everyone' }) as HTMLInputElement).checked).toBe(true)
    expect(save.disabled).toBe(true)
    await user.click(within(form).getByRole('radio', { name: 'Admins and accountants only' }))
    expect(save.disabled).toBe(false)
    await user.click(save)
    await waitFor(() =>
      expect(body).toEqual({ name: 'Demo Industries', accounts_access: 'ADMINS_AND_ACCOUNTANTS' }),
    )
  })

  it("keeps 'Save invoice details' off until an invoice detail changes", async () => {
    signedInAs(mock, admin())
    renderApp(<OrganisationSection organisation={organisation} />, { path: '/admin/settings' })
    const user = userEvent.setup()
    const save = screen.getByRole('button', { name: 'Save invoice details' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    await user.type(screen.getByRole('textbox', { name: 'Branch' }), 'Fort')
    expect(save.disabled).toBe(false)
  })
})

const organisation = {
  name: 'Demo Industries',
  accounts_access: 'EVERYONE' as const,
  require_two_factor: false,
  userLimit: null,
  userCount: 4,
  version: 3,
  gstin: null,
  address: null,
  bank_account_name: null,
  bank_name: null,
  bank_account_number: null,
  bank_ifsc: null,
  bank_branch: null,
  upi_id: null,
}
