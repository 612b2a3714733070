import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, generatedId, orgId, parentRef, timestamptz, userRef } from '../../db/columns.ts'

/** A browser that asked for web push: one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    subscriptionId: generatedId('subscription_id'),
    orgId: orgId(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * One push still to deliver to one browser. Written with the notification; a delivery that fails is
 * tried again later with a growing delay and given up after a few attempts or a day; one whose
 * subscription is gone (404/410) goes with it (docs/decisions.md, "Notification preferences and mail").
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    deliveryId: bigserial('delivery_id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    subscriptionId: parentRef('subscription_id', () => pushSubscriptions.subscriptionId),
    notificationId: bigint('notification_id', { mode: 'number' }),
    /** What the service worker shows: title, body, link and tag. */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.nextAttemptAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
)
