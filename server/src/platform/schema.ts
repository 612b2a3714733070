import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, orgId, timestamptz } from '../db/columns.ts'

/** Secrets generated at first start and shared by every instance (token and URL signing, VAPID keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/** Fixed-window counters for rate limits, kept in the database so that every instance shares them. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
)

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** What the event carries besides the record's data: who asked, for a decided request. */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    // A record's History, newest first (docs/decisions.md, "History and activity").
    index('audit_events_entity_idx').on(t.orgId, t.entityType, t.entityId, t.createdAt),
    // The organisation's activity, newest first (read backwards), and the same by one person.
    index('audit_events_org_time_idx').on(t.orgId, t.createdAt, t.id),
    index('audit_events_actor_time_idx').on(t.orgId, t.actorUserId, t.createdAt, t.id),
  ],
)

/** Side effects outside the database (mail, SMS, push), written in the transaction that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: uuid('org_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamptz('available_at').notNull().defaultNow(),
    deliveredAt: timestamptz('delivered_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.availableAt).where(sqlDeliveredIsNull())],
)

function sqlDeliveredIsNull() {
  return sql`delivered_at is null`
}

/** Per-organisation sequences (e.g. the 1 of CL-0001); the row lock serialises concurrent takers. */
export const orgCounters = pgTable(
  'org_counters',
  {
    orgId: orgId(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.name] })],
)

/**
 * The answers of creates sent with an Idempotency-Key (platform/idempotency.ts): a repeat of the same
 * request by the same person answers the first answer. `status` is null while the first is at work.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** The method and path, and a digest of the body: the same key for another request is refused. */
    request: text('request').notNull(),
    status: integer('status'),
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
)
