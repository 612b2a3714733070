import type { DbOrTx } from '../../db/connection.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { RegisterDefinition } from '../../platform/registers.ts'

type Data = Record<string, unknown>
type Viewer = Pick<RequestContext, 'isAdmin' | 'orgId'>

/**
 * The keys of a register's read-only context (`annotate`: details of another record the data names,
 * kept for the admin's review). Data that names no record gives them without reading one.
 */
async function contextKeys(db: DbOrTx, viewer: Viewer, register: RegisterDefinition | undefined) {
  if (viewer.isAdmin || !register?.annotate) return []
  return Object.keys(await register.annotate(db, viewer.orgId, {}))
}

/**
 * Data as the viewer may see it: anyone but an admin sees it without the register's context, which
 * would open a record they may not read (docs/product.md, "Pickers": only its id and name).
 */
export async function withoutContextFor(
  db: DbOrTx,
  viewer: Viewer,
  register: RegisterDefinition | undefined,
  data: Data | null,
): Promise<Data | null> {
  const hidden = await contextKeys(db, viewer, register)
  if (!data || hidden.length === 0) return data
  return Object.fromEntries(Object.entries(data).filter(([key]) => !hidden.includes(key)))
}

/**
 * A pending action's proposed data as every answer shows it (the queue, the review, 'Edit &
 * Re-evaluate'): numbers masked and a password hash left out by the register's `redact`
 * (docs/product.md, "Employees"), and its context only for admins.
 */
export function presentProposed(
  db: DbOrTx,
  viewer: Viewer,
  register: RegisterDefinition | undefined,
  data: Data | null,
): Promise<Data | null> {
  const redacted = data && register?.redact ? register.redact(data) : data
  return withoutContextFor(db, viewer, register, redacted)
}
