import { activityEntityLabels } from '@daftar/domain/history'
import type { ActionType, EntityType, PendingActionsQuery } from '@daftar/domain/registers'
import { approvalEndpoints } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export type { PendingAction, PendingActionDetail } from '@daftar/domain/registers'

export const approvalsKey = ['approvals'] as const
export const pendingActionKey = (actionId: string) => [...approvalsKey, 'action', actionId] as const
/** Actions decided in this tab, until their review page has seen them processed (ReviewActionPage). */
export const decidedHere = new Set<string>()

export const pendingActionsQuery = (query: PendingActionsQuery) =>
  queryOptions({
    queryKey: [...approvalsKey, 'pending', query],
    queryFn: ({ signal }) => call(approvalEndpoints.list, { query, signal }),
    // The pending list is fresh for 2 minutes (docs/product.md, "Constants and limits").
    staleTime: 2 * 60_000,
    placeholderData: keepPreviousData,
  })

export const pendingActionQuery = (actionId: string) =>
  queryOptions({
    queryKey: pendingActionKey(actionId),
    queryFn: ({ signal }) => call(approvalEndpoints.detail, { params: { id: actionId }, signal }),
    staleTime: 5 * 60_000,
  })

/** A register's name in the queue: the activity page's words, and 'Technical Info' as the sidebar says it. */
export const entityLabels: Record<EntityType, string> = {
  ...activityEntityLabels,
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
