import { integer, type ReferenceConfig, timestamp, uuid } from 'drizzle-orm/pg-core'

/*
 * Column helpers that name no table of ours, so that the identity tables, which columns.ts links to,
 * can use them too. The module tables take them from columns.ts.
 */

/** The row's own id: a random UUID that the database makes when the row is inserted. */
export function generatedId(name: string) {
  return uuid(name).primaryKey().defaultRandom()
}

/**
 * The organisation the row belongs to. Every organisation's data is separate and every query of a
 * signed-in user is scoped by it (docs/scaling.md, "Sharding by organisation (Citus)").
 */
export function orgId() {
  return uuid('org_id').notNull()
}

/** A moment in time; every table stores time with its zone. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true })
}

/** When the row was written. */
export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow()
}

/** When the row was written and when it last changed. */
export function timestamps() {
  return {
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  }
}

/** The row's `If-Match` version, raised by every change. */
export function version() {
  return integer('version').notNull().default(1)
}

/** The row this one belongs to: required, and deleted with it. */
export function parentRef(name: string, parent: ReferenceConfig['ref']) {
  return uuid(name).notNull().references(parent, { onDelete: 'cascade' })
}
