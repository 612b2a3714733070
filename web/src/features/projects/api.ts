import type { InvoiceStatus } from '@daftar/domain/billing'
import type { ProjectData, ProjectSort } from '@daftar/domain/projects'
import type { AccessPermissions } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { RecordAccess } from '../../ui/access-api.ts'
import type { ChangeResult } from '../../ui/register-pages.tsx'

const FIVE_MINUTES = 5 * 60_000

export interface ProjectListItem {
  project_id: string
  name: string
  client_id: string
  client_name: string
  order_value: number | null
  billed_amount: number
  project_type: string | null
  is_archived: boolean
}

export interface ProjectListPage {
  projects: ProjectListItem[]
  totalPages: number
  currentPage: number
}

export type ProjectDetail = ProjectData & {
  project_id: string
  client_name: string
  client_address: string | null
  order_value: number | null
  billed_amount: number
  total_cost_incurred: number
  is_archived: boolean
  created_by_username: string | null
  created_by_fullname: string | null
  created_at: string
  updated_by_username: string | null
  updated_by_fullname: string | null
  updated_at: string
  version: number
  access_level: RecordAccess
}

export interface Invoice {
  invoice_id: string
  project_id: string
  invoice_no: string
  title: string
  description: string | null
  amount: number
  cost_incurred: number | null
  invoice_date: string
  status: InvoiceStatus
  invoice_pdf_s3_key: string
  transaction_id: string | null
  clearance_date: string | null
  cleared_by_full_name: string | null
  created_by_full_name: string | null
  updated_by_full_name: string | null
  created_at: string
  updated_at: string
  version: number
}

export interface Billing {
  invoices: Invoice[]
  summary: { total_order_value: number; total_billed_amount: number; total_cost_incurred: number }
  access_level: RecordAccess
}

export type ProjectListKind = 'active' | 'archived'

export interface ProjectListParams {
  page: number
  searchQuery: string
  sortBy: ProjectSort
}

export const projectListQuery = (kind: ProjectListKind, params: ProjectListParams) =>
  queryOptions({
    queryKey: ['projects', 'list', kind, params],
    queryFn: ({ signal }) =>
      api<ProjectListPage>(kind === 'archived' ? '/projects/archived' : '/projects', {
        query: { ...params },
        signal,
      }),
    staleTime: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  })

export const projectDetailQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'detail', projectId],
    queryFn: ({ signal }) => api<ProjectDetail>(`/projects/${projectId}`, { signal }),
    staleTime: FIVE_MINUTES,
  })

export const billingQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'billing', projectId],
    queryFn: ({ signal }) => api<Billing>(`/billing/project/${projectId}`, { signal }),
    staleTime: FIVE_MINUTES,
  })

const ifMatch = (version: number) => ({ 'if-match': String(version) })

export const projectsApi = {
  create: (data: ProjectData, accessPermissions: AccessPermissions) =>
    api<ChangeResult>('/projects', { method: 'POST', body: { ...data, accessPermissions } }),
  update: (projectId: string, data: ProjectData, version: number) =>
    api<ChangeResult>(`/projects/${projectId}`, { method: 'PUT', body: data, headers: ifMatch(version) }),
  archive: (projectId: string, archive: boolean) =>
    api<ChangeResult>(`/projects/${projectId}/archive`, { method: 'PUT', body: { archive } }),
}

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

export const projectSortOptions: { value: ProjectSort; label: string }[] = [
  { value: 'name_asc', label: 'Name A-Z' },
  { value: 'name_desc', label: 'Name Z-A' },
  { value: 'client_asc', label: 'Client A-Z' },
  { value: 'order_value_desc', label: 'Order Value (highest)' },
  { value: 'last_updated', label: 'Last Updated' },
  { value: 'first_added', label: 'First Added' },
]
