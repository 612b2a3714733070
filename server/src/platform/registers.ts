import type { ActionType, EntityType } from '@daftar/domain'
import { eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { DbOrTx, Tx } from '../db/connection.ts'

/** Who a change is applied for: the approving admin acts, the requester asked. */
export interface ApplyContext {
  orgId: string
  actorUserId: string
  requesterUserId: string
}

/** State changes besides CREATE and UPDATE (archive, activate …). */
export type StateAction = Exclude<ActionType, 'CREATE' | 'UPDATE'>

/**
 * What a register declares to plug into the approval queue, access lists and documents. Everything
 * else (queue, notifications, access checks, documents, the Access tab) is shared.
 */
export interface RegisterDefinition<Data extends Record<string, unknown> = Record<string, unknown>> {
  entityType: EntityType
  /** 'Client', 'Project' … for messages and notifications. */
  label: string
  /** Validates the proposed data of CREATE and UPDATE, on request and on 'Edit & Re-evaluate'. */
  schema: z.ZodType<Data>
  /** State changes this register supports besides CREATE and UPDATE. */
  stateActions: readonly StateAction[]
  /** True when the record exists in the organisation (access is not considered). */
  exists(db: DbOrTx, orgId: string, entityId: string): Promise<boolean>
  /** The record's current editable data, in the shape of `schema`'s output, or null. */
  currentData(db: DbOrTx, orgId: string, entityId: string): Promise<(Data & { version: number }) | null>
  /** The id people know the record by (CL-0004, an asset's or employee's own id), if it has one. */
  displayId?(db: DbOrTx, orgId: string, entityId: string): Promise<string | null>
  /**
   * Rules beyond the schema that need the database (a referenced record exists, an id is unique),
   * checked when a change is requested or edited, and again when it is applied.
   */
  validate?(db: DbOrTx, orgId: string, data: Data, entityId: string | null): Promise<void>
  /** A short name of proposed or current data, for the queue and notifications. */
  describe(data: Data): string
  create(tx: Tx, ctx: ApplyContext, data: Data): Promise<string>
  /**
   * Applies an edit; with `expectedVersion` only to that version of the record (the guard is in the
   * UPDATE itself, so of two edits made on one version exactly one wins). False when no row changed.
   */
  update(tx: Tx, ctx: ApplyContext, entityId: string, data: Data, expectedVersion?: number): Promise<boolean>
  changeState?(
    tx: Tx,
    ctx: ApplyContext,
    entityId: string,
    action: StateAction,
    expectedVersion?: number,
  ): Promise<boolean>
  /** Where the record opens in the web app. */
  link(entityId: string): string
  /**
   * The body of a create when it carries more than the data (an employee's login account): parsed by
   * the create route, then `prepareCreate` turns it into the data that is applied or queued.
   */
  createInput?: z.ZodType<Record<string, unknown>>
  prepareCreate?(db: DbOrTx, orgId: string, input: Record<string, unknown>): Promise<Data>
  /** What the queue shows of proposed data: secrets masked or left out (an Aadhaar, a password hash). */
  redact?(data: Record<string, unknown>): Record<string, unknown>
  /**
   * Read-only context kept beside proposed data (and current data) for the review, from the records
   * the data names (a project's client details and address). The schema drops it when applying.
   */
  annotate?(db: DbOrTx, orgId: string, data: Record<string, unknown>): Promise<Record<string, unknown>>
}

/** Proposed or current data with the register's read-only context beside it (`annotate`). */
export async function annotated<D extends Record<string, unknown>>(
  register: Pick<RegisterDefinition, 'annotate'>,
  db: DbOrTx,
  orgId: string,
  data: D,
): Promise<D> {
  return register.annotate ? { ...data, ...(await register.annotate(db, orgId, data)) } : data
}

/** `version = expected` for a guarded UPDATE, or nothing when the caller did not send a version. */
export function versionIs(column: PgColumn, expected: number | undefined): SQL | undefined {
  return expected === undefined ? undefined : eq(column, expected)
}

export class RegisterRegistry {
  private readonly definitions = new Map<EntityType, RegisterDefinition>()
  constructor(definitions: RegisterDefinition[]) {
    for (const definition of definitions) this.definitions.set(definition.entityType, definition)
  }
  get(entityType: EntityType): RegisterDefinition | undefined {
    return this.definitions.get(entityType)
  }
  types(): EntityType[] {
    return [...this.definitions.keys()]
  }
}
