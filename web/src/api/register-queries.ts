/**
 * Dropdown lists of the registers: id and name of every record of the organisation (docs/product.md, "Who may use what"), used by
 * forms of several features (a project's client, later tasks, assets and invoices). Fresh 15 minutes.
 */
import type { ClientOption, ProjectOption, SupplierOption } from '@daftar/domain'
import { queryOptions } from '@tanstack/react-query'
import { api } from './client.ts'

const MINUTE = 60_000

export type { ClientOption, ProjectOption, SupplierOption }

export const clientDropdownQuery = queryOptions({
  queryKey: ['clients', 'dropdown'],
  queryFn: ({ signal }) => api<ClientOption[]>('/clients/dropdown-list', { signal }),
  staleTime: 15 * MINUTE,
  gcTime: 30 * MINUTE,
})

export const projectDropdownQuery = queryOptions({
  queryKey: ['projects', 'dropdown'],
  queryFn: ({ signal }) => api<ProjectOption[]>('/projects/dropdown-list', { signal }),
  staleTime: 15 * MINUTE,
  gcTime: 30 * MINUTE,
})

export const supplierDropdownQuery = queryOptions({
  queryKey: ['suppliers', 'dropdown'],
  queryFn: ({ signal }) => api<SupplierOption[]>('/suppliers/dropdown-list', { signal }),
  staleTime: 15 * MINUTE,
  gcTime: 30 * MINUTE,
})
