import type {
  AccessPermissions,
  ActionType,
  EntityType,
  PendingActionDetail,
  PendingActionList,
} from '@daftar/domain/registers'
import { REGISTER_PAGE_SIZE } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export type { PendingAction, PendingActionDetail } from '@daftar/domain/registers'

export interface PendingFilters {
  page: number
  entityType?: EntityType
  actionType?: ActionType
  requestedBy?: string
}

export const pendingActionsQuery = (filters: PendingFilters) =>
  queryOptions({
    queryKey: ['approvals', 'pending', filters],
    queryFn: ({ signal }) =>
      api<PendingActionList>('/admin-actions/pending', {
        query: { ...filters, limit: REGISTER_PAGE_SIZE },
        signal,
      }),
    // The pending list is fresh for 2 minutes (docs/product.md, "Constants and limits").
    staleTime: 2 * 60_000,
    placeholderData: keepPreviousData,
  })

export const pendingActionQuery = (actionId: string) =>
  queryOptions({
    queryKey: ['approvals', 'action', actionId],
    queryFn: ({ signal }) => api<PendingActionDetail>(`/admin-actions/pending/${actionId}`, { signal }),
    staleTime: 5 * 60_000,
  })

export const approvalsApi = {
  /** `recordVersion`: the version of the record the admin reviewed (If-Match). */
  approve: (actionId: string, options: { recordVersion?: number; withoutRequesterAccess?: boolean } = {}) =>
    api<{ message: string; entityId: string }>(`/admin-actions/pending/${actionId}/approve`, {
      method: 'PUT',
      body: { approve_without_requester_access: options.withoutRequesterAccess || undefined },
      headers: options.recordVersion ? { 'if-match': String(options.recordVersion) } : undefined,
    }),
  reject: (actionId: string, reason: string | null) =>
    api<{ message: string }>(`/admin-actions/pending/${actionId}/reject`, {
      method: 'PUT',
      body: { rejection_reason: reason },
    }),
  edit: (actionId: string, input: { proposed_data: object; access_permissions?: AccessPermissions }) =>
    api<{ message: string }>(`/admin-actions/pending/${actionId}`, { method: 'PUT', body: input }),
}

export const entityLabels: Record<EntityType, string> = {
  CLIENT: 'Client',
  PROJECT: 'Project',
  COLLECTION: 'Collection',
  ASSET: 'Asset',
  EMPLOYEE: 'Employee',
  SUPPLIER: 'Supplier',
  TECHNICAL_INFO: 'Technical Info',
}

export const actionLabels: Record<ActionType, string> = {
  CREATE: 'Create',
  UPDATE: 'Update',
  ARCHIVE: 'Archive',
  UNARCHIVE: 'Unarchive',
  ACTIVATE: 'Activate',
  DEACTIVATE: 'Deactivate',
}

export const actionColors: Record<ActionType, string> = {
  CREATE: 'teal',
  UPDATE: 'blue',
  ARCHIVE: 'gray',
  UNARCHIVE: 'grape',
  ACTIVATE: 'green',
  DEACTIVATE: 'orange',
}
