/**
 * Dropdown lists of the registers: id and name of every record of the organisation (docs/product.md, "Who may use what"), used by
 * forms of several features (a project's client, later tasks, assets and invoices). Fresh 15 minutes.
 */
import { type ClientOption, clientEndpoints } from '@daftar/domain/clients'
import { type ProjectOption, projectEndpoints } from '@daftar/domain/projects'
import { type SupplierOption, supplierEndpoints } from '@daftar/domain/suppliers'
import { queryOptions } from '@tanstack/react-query'
import { registerRoots } from '../ui/register-kit/roots.ts'
import { call } from './client.ts'

const MINUTE = 60_000

export type { ClientOption, ProjectOption, SupplierOption }

export const clientDropdownQuery = queryOptions({
  queryKey: [registerRoots.CLIENT.queryKey, 'dropdown'],
  queryFn: ({ signal }) => call(clientEndpoints.dropdown, { signal }),
  staleTime: 15 * MINUTE,
  gcTime: 30 * MINUTE,
})

export const projectDropdownQuery = queryOptions({
  queryKey: [registerRoots.PROJECT.queryKey, 'dropdown'],
  queryFn: ({ signal }) => call(projectEndpoints.dropdown, { signal }),
  staleTime: 15 * MINUTE,
  gcTime: 30 * MINUTE,
})

export const supplierDropdownQuery = queryOptions({
  queryKey: [registerRoots.SUPPLIER.queryKey, 'dropdown'],
  queryFn: ({ signal }) => call(supplierEndpoints.dropdown, { signal }),
  staleTime: 15 * MINUTE,
  gcTime: 30 * MINUTE,
})
