import type { AccessEntry, AccessLevel, EntityType, RecordAccess } from '@daftar/domain'
import { accessEndpoints } from '@daftar/domain/registers'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../api/client.ts'

export type { AccessEntry }

export const accessMessages = {
  selectUser: 'Please select a user to grant access to.',
  saved: 'Access granted/updated successfully.',
  grantFailed: 'Error granting access.',
  updateFailed: 'Error updating access level.',
  revokeFailed: 'Error revoking access.',
} as const

export const accessListQuery = (entityType: EntityType, entityId: string) =>
  queryOptions({
    queryKey: ['access', entityType, entityId],
    queryFn: ({ signal }) => call(accessEndpoints.list, { query: { entityType, entityId }, signal }),
    staleTime: 5 * 60_000,
  })

export const accessApi = {
  grant: (input: { userId: string; entityType: EntityType; entityId: string; level: AccessLevel }) =>
    call(accessEndpoints.grant, { body: input }),
  setLevel: (accessId: string, level: AccessLevel) =>
    call(accessEndpoints.setLevel, { params: { id: accessId }, body: { level } }),
  revoke: (accessId: string) => call(accessEndpoints.revoke, { params: { id: accessId } }),
}

/** The caller's level on a record, as detail responses carry it (`access_level`). */
export type { RecordAccess }

export const canWrite = (level: RecordAccess | null | undefined) => level === 'ADMIN' || level === 'WRITE'
