import type { AccessPermissions } from '@daftar/domain'
import { type AnyColumn, sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { generatedId, orgId, timestamptz, userRef, version } from '../../db/columns.ts'
import { actionStatusEnum, actionTypeEnum, entityTypeEnum } from '../../db/enums.ts'

/** A register change waiting for an admin: the approval queue. */
export const pendingActions = pgTable(
  'pending_actions',
  {
    actionId: generatedId('action_id'),
    orgId: orgId(),
    actionType: actionTypeEnum('action_type').notNull(),
    entityType: entityTypeEnum('entity_type').notNull(),
    /** Null for a CREATE until it is approved. */
    entityId: uuid('entity_id'),
    proposedData: jsonb('proposed_data').$type<Record<string, unknown> | null>(),
    /** The record's name when the request was made, for the queue (state changes carry no name). */
    summary: text('summary'),
    /** The record's display id (CL-0004, an asset or employee id), once it has one. */
    entityDisplayId: text('entity_display_id'),
    /** The record's version the request was made against; a newer one means it changed since. */
    baseVersion: integer('base_version'),
    /** 'Grant Access (Optional)' of a create, applied on approval. */
    accessPermissions: jsonb('access_permissions').$type<AccessPermissions>(),
    /** The Idempotency-Key of the request: a repeated submit (double click, retry) finds this row. */
    requestKey: text('request_key'),
    status: actionStatusEnum('status').notNull().default('PENDING'),
    requestedBy: userRef('requested_by').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    processedBy: userRef('processed_by'),
    processedAt: timestamptz('processed_at'),
    rejectionReason: text('rejection_reason'),
    version: version(),
  },
  (t) => [
    index('pending_actions_queue_idx').on(t.orgId, t.status, t.requestedAt),
    index('pending_actions_requester_idx').on(t.orgId, t.requestedBy, t.status, t.requestedAt),
    index('pending_actions_entity_idx').on(t.orgId, t.entityType, t.entityId),
    uniqueIndex('pending_actions_request_key').on(t.orgId, t.requestedBy, t.requestKey),
    // One waiting archive (activate …) request per record and state, however many arrive at once.
    uniqueIndex('pending_actions_one_state_request')
      .on(t.orgId, t.entityType, t.entityId, t.actionType)
      .where(sql`status = 'PENDING' and action_type not in ('CREATE', 'UPDATE')`),
  ],
)

/**
 * Whether a state request (archive or unarchive, activate or deactivate) for the record waits for
 * approval: a column of its detail, answered by the one-state-request index (docs/architecture.md,
 * "Registers and the approval queue").
 */
export const stateRequestWaiting = (
  entityType: 'PROJECT' | 'EMPLOYEE',
  orgId: AnyColumn,
  entityId: AnyColumn,
  actions: readonly [string, string],
) => sql<boolean>`exists (
  select 1 from ${pendingActions}
  where ${pendingActions.orgId} = ${orgId}
    and ${pendingActions.entityType} = ${entityType}
    and ${pendingActions.entityId} = ${entityId}
    and ${pendingActions.status} = 'PENDING'
    and ${pendingActions.actionType} in (${sql.join(
      actions.map((a) => sql`${a}`),
      sql`, `,
    )}))`
