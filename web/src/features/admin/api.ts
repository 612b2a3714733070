import {
  type AdminSettings,
  type AdminUserUpdate,
  adminEndpoints,
  type adminUserListQuery,
  type organisationUpdateInput,
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

/** What a part of the organisation's settings changes: anything but the name. */
export type OrganisationChange = Omit<z.input<typeof organisationUpdateInput>, 'name'>

export const adminApi = {
  /**
   * One part of the organisation's settings (the invoice details, who can open Accounts …): the
   * update always carries the name, kept as it is.
   */
  updateOrganisation: (
    organisation: Pick<Settings['organisation'], 'name' | 'version'>,
    change: OrganisationChange,
  ) =>
    call(adminEndpoints.updateOrganisation, {
      body: { name: organisation.name, ...change },
      ifMatch: organisation.version,
    }),
  updateUser: (id: string, change: AdminUserUpdate, version: number) =>
    call(adminEndpoints.updateUser, { params: { id }, body: change, ifMatch: version }),
}
