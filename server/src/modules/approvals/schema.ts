import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/schema.ts'

/** A register change waiting for an admin: the approval queue. */
export const pendingActions = pgTable(
  'pending_actions',
  {
    actionId: uuid('action_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    actionType: text('action_type').notNull(),
    entityType: text('entity_type').notNull(),
    /** Null for a CREATE until it is approved. */
    entityId: uuid('entity_id'),
    proposedData: jsonb('proposed_data'),
    /** The record's name when the request was made, for the queue (state changes carry no name). */
    summary: text('summary'),
    /** The record's version the request was made against; a newer one means it changed since. */
    baseVersion: integer('base_version'),
    /** 'Grant Access (Optional)' of a create, applied on approval. */
    accessPermissions: jsonb('access_permissions'),
    status: text('status').notNull().default('PENDING'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.userId),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedBy: uuid('processed_by').references(() => users.userId),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('pending_actions_queue_idx').on(t.orgId, t.status, t.requestedAt),
    index('pending_actions_requester_idx').on(t.orgId, t.requestedBy, t.status, t.requestedAt),
    index('pending_actions_entity_idx').on(t.orgId, t.entityType, t.entityId),
  ],
)
