import { userRef } from '../platform/identity-schema.ts'
import { orgId, timestamps, version } from './column-types.ts'

// Every column helper, in one place for the tables (those that name no table live in column-types.ts).
export * from './column-types.ts'
export { userRef }

/** Who wrote the row and who last changed it, and when. */
export function authorshipColumns() {
  return {
    createdBy: userRef('created_by'),
    updatedBy: userRef('updated_by'),
    ...timestamps(),
  }
}

/** The columns every register table has: tenant, who and when, and the If-Match version. */
export function registerColumns() {
  return {
    orgId: orgId(),
    ...authorshipColumns(),
    version: version(),
  }
}
