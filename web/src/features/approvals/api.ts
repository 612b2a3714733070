import type { ActionStatus, ActionType, EntityType } from '@daftar/domain/registers'
import { REGISTER_PAGE_SIZE } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export type Data = Record<string, unknown>

export interface PendingAction {
  action_id: string
  action_type: ActionType
  entity_type: EntityType
  entity_id: string | null
  requested_by_username: string
  requested_by_fullname: string
  requested_at: string
  status: ActionStatus
  proposed_data: Data | null
  /** A short name of the record (the proposed or current name). */
  summary: string | null
}

export interface PendingActionDetail extends PendingAction {
  current_data: Data | null
  entity_name: string | null
  entity_link: string | null
  processed_by_fullname: string | null
  processed_at: string | null
  rejection_reason: string | null
  /** The record was edited after the request was made. */
  record_changed_since_request: boolean
  version: number
}

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
      api<{ pendingActions: PendingAction[]; totalPages: number; currentPage: number; limit: number }>(
        '/admin-actions/pending',
        { query: { ...filters, limit: REGISTER_PAGE_SIZE }, signal },
      ),
    // Spec: the pending list is fresh for 2 minutes.
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
  approve: (actionId: string) =>
    api<{ message: string; entityId: string }>(`/admin-actions/pending/${actionId}/approve`, {
      method: 'PUT',
    }),
  reject: (actionId: string, reason: string | null) =>
    api<{ message: string }>(`/admin-actions/pending/${actionId}/reject`, {
      method: 'PUT',
      body: { rejection_reason: reason },
    }),
  edit: (actionId: string, proposedData: unknown) =>
    api<{ message: string }>(`/admin-actions/pending/${actionId}`, {
      method: 'PUT',
      body: { proposed_data: proposedData },
    }),
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
