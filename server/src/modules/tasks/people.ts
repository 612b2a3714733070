import type { TaskPerson } from '@daftar/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
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
  const rows = await db
    .select({
      user_id: users.userId,
      username: users.username,
      full_name: users.fullName,
      employee_id: users.employeeId,
      display_photo: users.displayPhoto,
    })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isActive, true), inArray(users.username, names)))
  return new Map(rows.map((r) => [r.username, r]))
}

export function peopleRecord(people: Map<string, Person>): Record<string, TaskPerson> {
  return Object.fromEntries(
    [...people].map(([username, p]) => [
      username,
      { username, full_name: p.full_name, employee_id: p.employee_id },
    ]),
  )
}
