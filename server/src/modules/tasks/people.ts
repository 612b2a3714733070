import type { TaskPerson } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { builtOnce, prepared } from '../../platform/built-once.ts'
import { users } from '../users/schema.ts'

export interface Person extends TaskPerson {
  user_id: string
  display_photo: string | null
}

/**
 * The registered (active) users among `usernames`, in one query. A username missing from the result
 * is "no longer a registered user" (docs/product.md, "Who may do what on a task").
 */
export async function loadPeople(
  db: DbOrTx,
  orgId: string,
  usernames: Iterable<string>,
): Promise<Map<string, Person>> {
  const names = [...new Set(usernames)]
  if (names.length === 0) return new Map()
  const rows = await peopleNamed(db).execute({ orgId, names })
  return new Map(rows.map((r) => [r.username, r]))
}

/** One text whatever the number of names (`= any` of one array, not an IN list of as many values). */
const peopleNamed = builtOnce((db: DbOrTx) =>
  prepared(
    db
      .select({
        user_id: users.userId,
        username: users.username,
        full_name: users.fullName,
        employee_id: users.employeeId,
        display_photo: users.displayPhoto,
      })
      .from(users)
      .where(
        and(
          eq(users.orgId, sql.placeholder('orgId')),
          eq(users.isActive, true),
          sql`${users.username} = any(${sql.placeholder('names')}::text[])`,
        ),
      ),
  ),
)

export function peopleRecord(people: Map<string, Person>): Record<string, TaskPerson> {
  return Object.fromEntries(
    [...people].map(([username, p]) => [
      username,
      { username, full_name: p.full_name, employee_id: p.employee_id },
    ]),
  )
}
