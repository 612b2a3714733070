import type { DbOrTx } from '../db/connection.ts'
import type { RequestContext } from './context.ts'
import { auditEvents } from './schema.ts'

/** Written in the transaction of the change it records. */
export async function audit(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'orgId' | 'userId'> | { orgId: string; userId: null },
  event: {
    action: string
    entityType: string
    entityId: string
    before?: unknown
    after?: unknown
    /** Besides the data: `{ requested_by }` for a decided request. */
    details?: Record<string, unknown>
  },
): Promise<void> {
  await tx.insert(auditEvents).values({
    orgId: ctx.orgId,
    actorUserId: ctx.userId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    before: event.before ?? null,
    after: event.after ?? null,
    details: event.details ?? null,
  })
}
