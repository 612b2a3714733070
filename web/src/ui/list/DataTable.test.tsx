import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { screen as display } from '../../../test/setup.ts'
import { type Column, DataTable } from './DataTable.tsx'

interface Invoice {
  id: string
  number: string
  client: string
  amount: string
  status: string
  internal: string
}
const rows: Invoice[] = [
  { id: 'a', number: 'INV-001', client: 'Acme', amount: '₹1,000', status: 'Paid', internal: 'x' },
  { id: 'b', number: 'INV-002', client: 'Bharat', amount: '₹2,500', status: 'Sent', internal: 'y' },
]
const columns: Column<Invoice>[] = [
  { key: 'number', header: 'Invoice No', render: (r) => r.number },
  { key: 'client', header: 'Client', render: (r) => r.client },
  { key: 'amount', header: 'Amount', render: (r) => r.amount, phone: 'aside' },
  { key: 'status', header: <b>Status</b>, label: 'Status', render: (r) => r.status },
  { key: 'internal', header: 'Internal', render: (r) => r.internal, phone: false },
]

function table(extra: Partial<Parameters<typeof DataTable<Invoice>>[0]> = {}) {
  return (
    <DataTable
      label="Invoices"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowHref={(r) => `/invoices/${r.id}`}
      emptyText="No invoices found."
      {...extra}
    />
  )
}

describe('the list table', () => {
  it('gives each row its own class, style and test id, as a table row and as a card', () => {
    const attributes = (r: Invoice) => ({
      className: 'tinted',
      style: { background: r.id === 'a' ? 'red' : 'blue' },
      'data-testid': `row-${r.id}`,
    })
    const { unmount } = renderApp(table({ rowAttributes: attributes }))
    const row = screen.getByTestId('row-a')
    expect(row.tagName).toBe('TR')
    expect(row.className).toContain('tinted')
    expect(row.style.background).toBe('red')
    unmount()
    display.narrow = true
    renderApp(table({ rowAttributes: attributes }))
    const card = screen.getByTestId('row-b')
    expect(card.tagName).toBe('LI')
    expect(card.className).toContain('tinted')
    expect(card.style.background).toBe('blue')
  })

  it('is a table with every column on a desktop', () => {
    renderApp(table())
    const grid = screen.getByRole('table', { name: 'Invoices' })
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Invoice No', 'Client', 'Amount', 'Status', 'Internal'])
    expect(within(grid).getByRole('link', { name: 'INV-001' }).getAttribute('href')).toBe('/invoices/a')
  })

  it('shows each row as a card on a phone: title linked, aside, labelled lines, hidden columns left out', () => {
    display.narrow = true
    renderApp(table())
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const first = within(cards[0]!)
    expect(first.getByRole('link', { name: 'INV-001' }).getAttribute('href')).toBe('/invoices/a')
    expect(first.getByText('₹1,000')).toBeTruthy()
    expect(first.getByText('Client').nextSibling?.textContent).toBe('Acme')
    expect(first.getByText('Status').nextSibling?.textContent).toBe('Paid')
    expect(first.queryByText('Internal')).toBeNull()
  })

  it('keeps the table on a phone when asked to', () => {
    display.narrow = true
    renderApp(table({ phoneLayout: 'table' }))
    expect(screen.getByRole('table', { name: 'Invoices' })).toBeTruthy()
  })

  it('says loading, the error, or the empty text instead of rows, on both layouts', () => {
    for (const narrow of [false, true]) {
      display.narrow = narrow
      const { unmount } = renderApp(
        table({ rows: undefined, loading: true, loadingText: 'Loading invoices...' }),
      )
      expect(screen.getByRole('status').textContent).toContain('Loading invoices...')
      unmount()
      const failed = renderApp(table({ error: 'Error loading invoices: Not found.' }))
      expect(screen.getByRole('alert').textContent).toBe('Error loading invoices: Not found.')
      failed.unmount()
      const empty = renderApp(table({ rows: [] }))
      expect(screen.getByRole('status').textContent).toBe('No invoices found.')
      empty.unmount()
    }
  })

  it('pages with the pager and loads more in infinite mode', async () => {
    const pages: number[] = []
    const { unmount } = renderApp(
      table({ pager: { page: 1, totalPages: 3, onChange: (p) => pages.push(p) } }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(pages).toEqual([2])
    unmount()
    let more = 0
    renderApp(table({ more: { hasMore: true, loading: false, onMore: () => more++ } }))
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(more).toBe(1)
  })

  it("leaves out a card's line that its row leaves empty, label and all", () => {
    display.narrow = true
    const withAction: Column<Invoice>[] = [
      ...columns,
      {
        key: 'action',
        header: 'Action',
        render: (r) => (r.id === 'a' ? <button type="button">Remind</button> : null),
      },
    ]
    renderApp(table({ columns: withAction }))
    const [first, second] = screen.getAllByRole('listitem')
    expect(within(first!).getByText('Action')).toBeTruthy()
    expect(within(second!).queryByText('Action')).toBeNull()
    expect(within(second!).getByText('Client')).toBeTruthy()
  })

  it('shows no pager under an empty first page, and keeps it on an empty later page', () => {
    const pager = { page: 1, totalPages: 1, onChange: () => {} }
    const first = renderApp(table({ rows: [], pager }))
    expect(screen.getByRole('status').textContent).toBe('No invoices found.')
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
    first.unmount()
    const full = renderApp(table({ pager }))
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy()
    full.unmount()
    renderApp(table({ rows: [], pager: { ...pager, page: 3, totalPages: 2 } }))
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy()
  })

  it('puts a totals line under its columns in the table, and as labelled lines under the cards', () => {
    const totals = { label: 'Total', values: { amount: '₹3,500' } }
    const { unmount } = renderApp(table({ totals, rowNumberStart: 1 }))
    const footer = within(screen.getByRole('table', { name: 'Invoices' }))
      .getAllByRole('row')
      .at(-1)!
    const cells = within(footer).getAllByRole('columnheader')
    // '#', Invoice No and Client are spanned by the label; the value stands under Amount.
    expect(cells.map((c) => c.textContent)).toEqual(['Total', '₹3,500', '', ''])
    expect(cells[0]!.getAttribute('colspan')).toBe('3')
    unmount()
    display.narrow = true
    renderApp(table({ totals }))
    const line = screen.getByRole('listitem', { name: 'Total' })
    expect(within(line).getByText('Amount').nextSibling?.textContent).toBe('₹3,500')
  })

  it("says when more is loading and when the list has ended, in the list's own words", () => {
    const more = {
      hasMore: true,
      loading: true,
      onMore: () => {},
      loadingText: 'Loading more...',
      endText: 'The end.',
    }
    const { unmount } = renderApp(table({ more }))
    expect(screen.getByRole('status').textContent).toBe('Loading more...')
    expect(screen.queryByText('The end.')).toBeNull()
    unmount()
    renderApp(table({ more: { ...more, hasMore: false, loading: false } }))
    expect(screen.getByRole('status').textContent).toBe('The end.')
  })

  it('shows every row as its own card at every width when it is a feed', () => {
    renderApp(table({ layout: 'cards', card: (r) => <p>Invoice {r.number}</p> }))
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem')
    expect(cards.map((c) => c.textContent)).toEqual(['Invoice INV-001', 'Invoice INV-002'])
  })

  it('offers Retry beside an error when it can load again', async () => {
    let retried = 0
    renderApp(table({ error: 'Error: Could not load.', onRetry: () => retried++ }))
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retried).toBe(1)
  })
})
