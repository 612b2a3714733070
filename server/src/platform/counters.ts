import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/connection.ts'

/** Takes the next number of a per-organisation sequence, inside the caller's transaction. */
export async function nextNumber(tx: DbOrTx, orgId: string, name: string): Promise<number> {
  const result = await tx.execute<{ value: number }>(sql`
    insert into org_counters (org_id, name, value) values (${orgId}, ${name}, 1)
    on conflict (org_id, name) do update set value = org_counters.value + 1
    returning value`)
  return Number(result.rows[0]!.value)
}
