import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organisations } from '../organisations/schema.ts'

/**
 * Login accounts. Email, mobile and username are unique across organisations because sign-in has no
 * organisation field: an identifier must name one account (docs/decisions.md).
 */
export const users = pgTable(
  'users',
  {
    userId: uuid('user_id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.orgId),
    username: text('username').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    fullName: text('full_name').notNull(),
    designation: text('designation'),
    employeeId: uuid('employee_id'),
    displayPhoto: text('display_photo'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('isadmin').notNull().default(false),
    isAccountant: boolean('is_accountant').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    index('users_org_idx').on(t.orgId, t.username),
  ],
)
