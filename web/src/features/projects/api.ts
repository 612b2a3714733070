import { billingEndpoints, type ProjectBilling, type ProjectInvoice } from '@daftar/domain/billing'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { call } from '../../api/client.ts'
import { registerRoots } from '../../ui/register-kit/roots.ts'

const FIVE_MINUTES = 5 * 60_000

export type Invoice = ProjectInvoice
export type Billing = ProjectBilling

/** A dialog on one invoice of the Billing tab: it refreshes the tab (`onSaved`) and closes once saved. */
export interface InvoiceDialogProps {
  invoice: Invoice
  onClose: () => void
  onSaved: () => void
}

/** What a billing dialog does once its request succeeds: the tab refreshed, then the dialog closed. */
export const savedThenClosed = (dialog: Pick<InvoiceDialogProps, 'onClose' | 'onSaved'>) => () => {
  dialog.onSaved()
  dialog.onClose()
}

export const billingQuery = (projectId: string) =>
  queryOptions({
    queryKey: [registerRoots.PROJECT.queryKey, 'billing', projectId],
    queryFn: ({ signal }) => call(billingEndpoints.list, { params: { id: projectId }, signal }),
    staleTime: FIVE_MINUTES,
  })

export type InvoiceFields = z.input<typeof billingEndpoints.edit.schema.body>

export const billingApi = {
  /** The invoice's fields (as the create's schema made them; nulls are left out) and its PDF as invoice_pdf. */
  add: (projectId: string, fields: z.input<typeof billingEndpoints.add.multipart>, pdf: File) =>
    call(billingEndpoints.add, { params: { id: projectId }, fields, files: { invoice_pdf: pdf } }),
  edit: (invoiceId: string, fields: InvoiceFields, version: number) =>
    call(billingEndpoints.edit, { params: { id: invoiceId }, body: fields, ifMatch: version }),
  setStatus: (invoiceId: string, input: z.input<typeof billingEndpoints.setStatus.schema.body>) =>
    call(billingEndpoints.setStatus, { params: { id: invoiceId }, body: input }),
  remove: (invoiceId: string, password: string) =>
    call(billingEndpoints.remove, { params: { id: invoiceId }, body: { password } }),
}
