import {
  type AdminSettings,
  type AdminUserUpdate,
  adminEndpoints,
  type adminUserListQuery,
  type OrganisationBilling,
} from '@daftar/domain/users'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { call } from '../../api/client.ts'

export type Settings = AdminSettings

export const settingsQuery = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: ({ signal }) => call(adminEndpoints.settings, { signal }),
  staleTime: 60_000,
})

/** Every query of the admin's user list, whatever its page or search. */
export const adminUsersKey = ['admin', 'users'] as const

export const adminUsersQuery = (query: z.output<typeof adminUserListQuery>) =>
  queryOptions({
    queryKey: [...adminUsersKey, query],
    queryFn: ({ signal }) => call(adminEndpoints.users, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const adminApi = {
  /** The name and, when given, the invoice details (GSTIN, address, bank, UPI id). */
  renameOrganisation: (name: string, version: number, billing: Partial<OrganisationBilling> = {}) =>
    call(adminEndpoints.updateOrganisation, { body: { name, ...billing }, ifMatch: version }),
  updateUser: (id: string, change: AdminUserUpdate, version: number) =>
    call(adminEndpoints.updateUser, { params: { id }, body: change, ifMatch: version }),
}
