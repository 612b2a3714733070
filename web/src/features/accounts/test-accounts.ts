/** Answers of the accounts API for component tests, in the contract's shapes. */
import type {
  PayableListItem,
  ReceivableDetail,
  ReceivableListItem,
  ReceivableSummary,
} from '@daftar/domain/accounts-contract'
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import type { SetupServer } from 'msw/node'

export function receivableRow(over: Partial<ReceivableListItem> = {}): ReceivableListItem {
  return {
    receivable_id: '5b0c2a7e-1d3f-4a5b-8c6d-7e8f9a0b1c2d',
    client_id: '8f7e6d5c-4b3a-4291-8877-665544332211',
    client_name: 'Sunrise Textiles',
    invoice_no: 'INV-101',
    invoice_date: '2026-01-05',
    status: 'SENT',
    project_id: null,
    project_name: null,
    due_date: '2026-02-04',
    total_amount: 2950,
    amount_paid: 0,
    amount_due: 2950,
    version: 2,
    ...over,
  }
}

export function receivableDetail(over: Partial<ReceivableDetail> = {}): ReceivableDetail {
  const row = receivableRow()
  return {
    ...row,
    client_gstin: '27AAACS1234A1Z2',
    do_not_remind: false,
    reminders: [],
    description: null,
    line_items: [
      {
        description: 'Design services',
        sac_code: '998331',
        qty: 2,
        unit: 'Nos',
        rate: 1250,
        gst_rate: 18,
        basic_amount: 2500,
        gst_amount: 450,
      },
    ],
    gst_type: 'INTRASTATE',
    is_rcm: false,
    subtotal: 2500,
    cgst_amount: 225,
    sgst_amount: 225,
    igst_amount: 0,
    round_off: 0,
    invoice_pdf_s3_key: null,
    payment_details: [],
    created_by_username: 'admin',
    created_at: '2026-01-05T10:00:00.000Z',
    updated_by_username: 'admin',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...over,
  }
}

export const emptySummary: ReceivableSummary = {
  totalReceivable: 0,
  totalOverdue: 0,
  draftCount: 0,
  draftTotalValue: 0,
  receivedThisMonth: 0,
  aging: { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0 },
}

/** GET /receivables and its summary, answering these rows. */
export function answerReceivables(mock: SetupServer, rows: ReceivableListItem[], summary = emptySummary) {
  mock.use(
    http.get('/api/receivables/summary', () => HttpResponse.json(summary)),
    http.get('/api/receivables', () =>
      HttpResponse.json({ receivables: rows, totalPages: 1, currentPage: 1 }),
    ),
  )
}

export function payableRow(over: Partial<PayableListItem> = {}): PayableListItem {
  return {
    payable_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    supplier_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    supplier_name: 'Bharat Chemicals',
    vendor_invoice_no: 'BC-77',
    bill_date: '2026-01-05',
    status: 'RECEIVED',
    project_id: null,
    project_name: null,
    due_date: '2026-01-20',
    total_amount: 25370,
    amount_paid: 0,
    amount_due: 25370,
    version: 2,
    ...over,
  }
}

/** GET /payables and its summary, answering these rows. */
export function answerPayables(mock: SetupServer, rows: PayableListItem[]) {
  const { totalReceivable, receivedThisMonth, ...rest } = emptySummary
  mock.use(
    http.get('/api/payables/summary', () =>
      HttpResponse.json({ ...rest, totalPayable: totalReceivable, paidThisMonth: receivedThisMonth }),
    ),
    http.get('/api/payables', () => HttpResponse.json({ payables: rows, totalPages: 1, currentPage: 1 })),
  )
}

/**
 * Opens a row's menu and finds one of its items (slow in jsdom on a loaded machine). A menu that is
 * closed again before its item is found (the row rendered anew as the page's other queries answer)
 * is opened again, as a person would; so is one that says it is open but has shown nothing for a
 * second (its dropdown was left hidden once, under CI's load, until the test's time ran out).
 */
export async function menuItem(user: UserEvent, button: string, item: string) {
  const trigger = () => screen.getByRole('button', { name: button })
  await screen.findByRole('button', { name: button })
  let clickedAt = 0
  return waitFor(
    async () => {
      const found = screen.queryByRole('menuitem', { name: item })
      if (found) return found
      const open = trigger().getAttribute('aria-expanded') === 'true'
      if (!open || Date.now() - clickedAt > 1000) {
        clickedAt = Date.now()
        await user.click(trigger())
      }
      throw new Error(`The menu shows no '${item}' yet`)
    },
    { timeout: 10_000 },
  )
}
