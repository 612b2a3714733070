import { type AccountKind, type Aging, agingBuckets } from '@daftar/domain'
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { constant } from '../../platform/built-once.ts'
import { type Day, lateBy } from './filters.ts'
import { accountDueTotals as owed } from './schema.ts'

export interface OwedTotals {
  /** Everything live documents of the kind still owe. */
  outstanding: number
  aging: Aging
  /** The documents, and what they owe, whose due date `matching` accepts. */
  matching: { documents: number; amount: number }
}

/**
 * What the live documents of a kind owe, from the totals kept by due date (schema.ts,
 * `accountDueTotals`): a few hundred rows, however many documents. Aging and overdue depend on the
 * due date alone, so `matching` is a condition on `account_due_totals.due_date`.
 */
export async function owedTotals(
  db: DbOrTx,
  orgId: string,
  kind: AccountKind,
  today: Day,
  matching: SQL,
): Promise<OwedTotals> {
  const [row] = await owedTotalsSelect(db, orgId, kind, today, matching)
  return readOwed(row)
}

/** The one-row select of `owedTotals`, for a statement built once (home/money.ts). */
export function owedTotalsSelect(
  db: DbOrTx,
  orgId: string | Placeholder,
  kind: AccountKind,
  today: Day,
  matching: SQL,
) {
  const due = (where?: SQL) =>
    sql<string>`coalesce(sum(${owed.amountDue})${where ? sql` filter (where ${where})` : sql``}, 0)`
  return db
    .select({
      documents: sql<number>`coalesce(sum(${owed.documents}) filter (where ${matching}), 0)::int`,
      amount: due(matching),
      outstanding: due(),
      ...Object.fromEntries(agingBuckets.map((b) => [b, due(lateBy(owed.dueDate, b, today))])),
    })
    .from(owed)
    .where(and(eq(owed.orgId, orgId), eq(owed.kind, constant(kind))))
}

/** `OwedTotals` from the row of `owedTotalsSelect`. */
export function readOwed(row: Record<string, unknown> | undefined): OwedTotals {
  const n = (v: unknown) => Number(v ?? 0)
  const values = row ?? {}
  return {
    outstanding: n(values.outstanding),
    aging: Object.fromEntries(agingBuckets.map((b) => [b, n(values[b])])) as Aging,
    matching: { documents: n(values.documents), amount: n(values.amount) },
  }
}

/** Due dates before today: the overdue ones (filters.ts, `overdueSql`, for the totals). */
export const overdueDueDate = (today: Day) => sql`${owed.dueDate} < ${today}`

/** Due dates from today to `last`: due soon. */
export const dueBetween = (today: Day, last: Day) => sql`${owed.dueDate} between ${today} and ${last}`
