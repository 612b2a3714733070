import type { InvoiceStatus, ProjectBilling, ProjectInvoice } from '@daftar/domain/billing'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

const FIVE_MINUTES = 5 * 60_000

export type Invoice = ProjectInvoice
export type Billing = ProjectBilling

export const billingQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'billing', projectId],
    queryFn: ({ signal }) => api<Billing>(`/billing/project/${projectId}`, { signal }),
    staleTime: FIVE_MINUTES,
  })

const ifMatch = (version: number) => ({ 'if-match': String(version) })

export interface InvoiceFields {
  invoice_no: string
  title: string
  description: string | null
  amount: number
  cost_incurred: number | null
  invoice_date: string
}

export const billingApi = {
  /** Multipart: the fields and the PDF as invoice_pdf. */
  add: (projectId: string, form: FormData) =>
    api<{ message: string; invoice_id: string }>(`/billing/project/${projectId}`, {
      method: 'POST',
      body: form,
    }),
  edit: (invoiceId: string, fields: InvoiceFields, version: number) =>
    api<{ message: string }>(`/billing/invoice/${invoiceId}`, {
      method: 'PUT',
      body: fields,
      headers: ifMatch(version),
    }),
  setStatus: (
    invoiceId: string,
    input: { status: InvoiceStatus; transaction_id: string | null; clearance_date: string | null },
  ) => api<{ message: string }>(`/billing/invoice/${invoiceId}/status`, { method: 'PUT', body: input }),
  remove: (invoiceId: string, password: string) =>
    api<{ message: string }>(`/billing/invoice/${invoiceId}`, { method: 'DELETE', body: { password } }),
}
