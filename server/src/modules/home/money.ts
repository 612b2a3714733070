import {
  type AccountKind,
  accountsToday,
  addDays,
  canOpenAccounts,
  HOME_DUE_DAYS,
  HOME_ITEMS,
  type HomeMoneySection,
} from '@daftar/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection.ts'
import { builtPerShape, constant, fixedLimit, prepared } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { dueBetween, overdueDueDate, owedTotalsSelect, readOwed } from '../accounts/due-totals.ts'
import { agingSql, baseTables, type Day, overdueSql, partyNameSql } from '../accounts/filters.ts'
import { accountInvoices } from '../accounts/schema.ts'
import { clients } from '../clients/schema.ts'
import { accountsAccessOf } from '../organisations/service.ts'
import { suppliers } from '../suppliers/schema.ts'

const inv = accountInvoices

export type MoneySections = {
  receivables_overdue?: HomeMoneySection
  payables_due_soon?: HomeMoneySection
}

/**
 * Receivables past their due date and bills due within 7 days, for whoever may open Accounts: the
 * organisation's 'Who can open Accounts' and the caller's role, decided as the accounts routes decide
 * it (`requireAccounts`). Overdue, aging and "due" are the accounts lists' own rules (filters.ts);
 * today is the accounts' day (India Standard Time), as on those pages.
 */
export async function moneySections(deps: Deps, ctx: RequestContext): Promise<MoneySections> {
  const me = { isadmin: ctx.isAdmin, is_accountant: ctx.isAccountant }
  if (!me.isadmin && !me.is_accountant && !canOpenAccounts(me, await accountsAccessOf(deps.db, ctx.orgId)))
    return {}
  const today = accountsToday()
  const values = { orgId: ctx.orgId, today, soon: addDays(today, HOME_DUE_DAYS) }
  const [receivables_overdue, payables_due_soon] = await Promise.all([
    moneySection(deps, 'RECEIVABLE', values),
    moneySection(deps, 'PAYABLE', values),
  ])
  return { receivables_overdue, payables_due_soon }
}

const listPath: Record<AccountKind, string> = {
  RECEIVABLE: '/accounts/receivables',
  PAYABLE: '/accounts/payables',
}

/**
 * Which documents each section shows, said of the totals (by their due date) and of the documents:
 * receivables overdue, bills due from today to `soon`.
 */
function matchingOf(kind: AccountKind, today: Day, soon: Day) {
  return kind === 'RECEIVABLE'
    ? { totals: overdueDueDate(today), documents: overdueSql(baseTables, today) }
    : {
        totals: dueBetween(today, soon),
        documents: sql`(${agingSql(baseTables, 'current', today)} and ${inv.dueDate} <= ${soon})`,
      }
}

/** A section's two statements, built once per kind (platform/built-once.ts). */
const sectionStatements = builtPerShape(
  (kind: AccountKind) => kind,
  (db: Db, kind: AccountKind) => {
    const [orgId, today, soon] = [sql.placeholder('orgId'), sql.placeholder('today'), sql.placeholder('soon')]
    const matching = matchingOf(kind, today, soon)
    return {
      totals: prepared(owedTotalsSelect(db, orgId, kind, today, matching.totals)),
      rows: prepared(
        db
          .select({
            id: inv.invoiceId,
            number: inv.number,
            party: partyNameSql(baseTables),
            dueDate: inv.dueDate,
            amountDue: inv.amountDue,
          })
          .from(inv)
          .leftJoin(clients, eq(clients.clientId, inv.clientId))
          .leftJoin(suppliers, eq(suppliers.supplierId, inv.supplierId))
          .where(and(eq(inv.orgId, orgId), eq(inv.kind, constant(kind)), matching.documents))
          .orderBy(asc(inv.dueDate), asc(inv.invoiceId))
          .limit(fixedLimit(HOME_ITEMS)),
      ),
    }
  },
)

/**
 * One kind's section: the count and amount due of the documents matching, and the aging strip of
 * every live document of that kind, from the totals by due date (a few hundred rows, kept by triggers:
 * schema.ts, `accountDueTotals`); and the first few documents matching by due date (the due-date index).
 */
async function moneySection(
  deps: Deps,
  kind: AccountKind,
  values: { orgId: string; today: string; soon: string },
): Promise<HomeMoneySection> {
  const statements = sectionStatements(deps.db, kind)
  const [[totalsRow], rows] = await Promise.all([
    statements.totals.execute(values),
    statements.rows.execute(values),
  ])
  const totals = readOwed(totalsRow)
  return {
    count: totals.matching.documents,
    amount: totals.matching.amount,
    aging: totals.aging,
    items: rows.map((row) => ({
      id: row.id,
      title: row.number,
      subtitle: row.party,
      // The list searched for the number: the accounts pages open a document in a dialog, not at an address.
      url: `${listPath[kind]}?searchQuery=${encodeURIComponent(row.number)}`,
      date: row.dueDate,
      amount: Number(row.amountDue),
    })),
  }
}
