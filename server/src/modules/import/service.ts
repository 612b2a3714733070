import { randomUUID } from 'node:crypto'
import {
  cellMessage,
  columnForHeader,
  columnForPath,
  type DuplicateMode,
  IMPORT_BATCH_ROWS,
  IMPORT_PREVIEW_ROWS,
  type ImportError,
  type ImportRegister,
  type ImportResult,
  importColumns,
  importMessages,
  importRegisterLabels,
  importRegisters,
  rowToData,
} from '@daftar/domain'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/connection.ts'
import { audit } from '../../platform/audit.ts'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { AppError, badRequest, unprocessable } from '../../platform/errors.ts'
import type { RegisterDefinition } from '../../platform/registers.ts'
import { textCell } from '../../platform/spreadsheet-export.ts'
import { auditedData } from '../approvals/submit.ts'
import { clients } from '../clients/schema.ts'
import { duplicateKeys, existingKeys, lockRecord } from './duplicates.ts'
import { type Cell, FORMULA, readSheet, type Sheet } from './read-sheet.ts'

export interface ImportInput {
  bytes: Buffer
  fileName: string
  dryRun: boolean
  duplicates: DuplicateMode
  /** Header as in the file → column key ('' leaves the header out). */
  mapping: Record<string, string>
}

type Data = Record<string, unknown>

/** A row that passed every check, and what it will do. */
interface Planned {
  line: number
  data: Data
  /** The record it updates ('Update existing'), or none for a new record. */
  existingId?: string
  /** The version of that record the row was merged onto. */
  version?: number
}

interface Checked {
  planned: Planned[]
  errors: ImportError[]
  /** Lines of the rows refused, for the error file. */
  invalidLines: Set<number>
  duplicates: number
  preview: ImportResult['preview']
}

/**
 * POST /import/{register} (docs/decisions.md, "Import"): reads the file, checks every row with the
 * register's own schema and the duplicate rules, and — unless it is a dry run — saves what passed:
 * one transaction for the file, or one per batch of 1,000 rows for a larger one.
 */
export async function runImport(
  deps: Deps,
  ctx: RequestContext,
  register: ImportRegister,
  input: ImportInput,
): Promise<ImportResult> {
  requireAdmin(ctx)
  const definition = deps.registers.get(importRegisters[register])!
  const sheet = await readSheet(input.bytes, input.fileName)
  const headers = mapHeaders(register, sheet.headers, input.mapping)
  if (!headers.some((h) => h.column))
    throw unprocessable(importMessages.noHeader(importRegisterLabels[register]))
  if (sheet.rows.length === 0) throw badRequest(importMessages.headerOnly)

  const checked = await checkRows(deps.db, ctx.orgId, register, definition, sheet, headers, input.duplicates)
  const result: ImportResult = {
    dry_run: input.dryRun,
    rows: sheet.rows.length,
    valid: sheet.rows.length - checked.invalidLines.size,
    invalid: checked.invalidLines.size,
    duplicates: checked.duplicates,
    errors: checked.errors,
    preview: checked.preview,
    headers,
    columns: importColumns[register].map((c) => ({
      key: c.key,
      label: c.label,
      required: Boolean(c.required),
    })),
    created: 0,
    updated: 0,
    skipped: input.duplicates === 'skip' ? checked.duplicates : 0,
    failed_batches: [],
    error_file: null,
  }
  if (!input.dryRun) await save(deps, ctx, register, definition, input.fileName, checked.planned, result)
  const failedLines = new Set(
    result.failed_batches
      .flatMap((b) => checked.planned.filter((p) => p.line >= b.from_row && p.line <= b.to_row))
      .map((p) => p.line),
  )
  result.error_file = errorFile(sheet, checked, failedLines, result.failed_batches)
  return result
}

/** Each header's column: the admin's mapping first, then the register's labels, field names and aliases. */
function mapHeaders(register: ImportRegister, fileHeaders: string[], mapping: Record<string, string>) {
  const known = new Set(importColumns[register].map((c) => c.key))
  const taken = new Set<string>()
  return fileHeaders.map((header) => {
    const chosen = Object.hasOwn(mapping, header) ? mapping[header] : columnForHeader(register, header)?.key
    if (chosen && !known.has(chosen)) throw badRequest(importMessages.mappingUnknown)
    // A column filled by an earlier header is not filled twice.
    const column = chosen && !taken.has(chosen) ? chosen : null
    if (column) taken.add(column)
    return { header, column }
  })
}

/** A cell a spreadsheet export neutralised ("'+91 …", "'=…") reads as what it was. */
const unneutralise = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text)

async function checkRows(
  db: DbOrTx,
  orgId: string,
  register: ImportRegister,
  definition: RegisterDefinition,
  sheet: Sheet,
  headers: { header: string; column: string | null }[],
  mode: DuplicateMode,
): Promise<Checked> {
  const columns = new Map(importColumns[register].map((c) => [c.key, c]))
  const existing = await existingKeys(db, orgId, register)
  const findClient = register === 'projects' ? await clientFinder(db, orgId) : undefined
  const seen = new Map<string, number>()
  const out: Checked = { planned: [], errors: [], invalidLines: new Set(), duplicates: 0, preview: [] }

  for (const { line, cells } of sheet.rows) {
    const errors: ImportError[] = []
    const text: Record<string, string> = {}
    headers.forEach(({ column }, i) => {
      if (!column) return
      const cell: Cell = cells[i] ?? ''
      if (cell === FORMULA)
        errors.push({ row: line, column: columns.get(column)!.label, message: importMessages.formula })
      else text[column] = unneutralise(cell)
    })
    let data = rowToData(register, text)
    if (findClient) {
      const found = findClient(text.client ?? '')
      if (typeof found === 'string') data.client_id = found
      else if (found) errors.push({ row: line, column: 'Client', message: found.message })
    }
    const existingId = (keys: string[]) => keys.map((k) => existing.get(k)).find(Boolean)
    let parsed = definition.schema.safeParse(data)
    let targetId = parsed.success ? existingId(duplicateKeys[register](parsed.data)) : undefined
    let version: number | undefined
    if (parsed.success && targetId && mode === 'update') {
      // 'Update existing': the file's filled cells over the record as it is; a blank cell changes nothing.
      const current = await definition.currentData(db, orgId, targetId)
      if (current) {
        const { version: v, ...now } = current
        version = v
        const filled = Object.fromEntries(Object.entries(text).filter(([, v]) => v.trim() !== ''))
        data = merge(now, rowToData(register, filled))
        parsed = definition.schema.safeParse(data)
      }
    }
    if (!parsed.success) {
      // A column already refused (a formula, an unknown client) is not refused twice.
      const refused = new Set(errors.map((e) => e.column))
      for (const issue of parsed.error.issues) {
        const column = columnForPath(register, issue.path)
        if (column && refused.has(column.label)) continue
        const message = column ? cellMessage(column, issue, text[column.key]) : issue.message
        errors.push({ row: line, column: column?.label ?? null, message })
      }
    }
    if (errors.length > 0) {
      out.errors.push(...dedupe(errors))
      out.invalidLines.add(line)
      continue
    }
    const valid = (parsed as { data: Data }).data
    const keys = duplicateKeys[register](valid)
    const earlier = keys.map((k) => seen.get(k)).find(Boolean)
    for (const key of keys) if (!seen.has(key)) seen.set(key, line)
    if (earlier) {
      out.duplicates++
      out.errors.push({ row: line, column: null, message: importMessages.duplicateInFile(earlier) })
      continue
    }
    targetId ??= existingId(keys)
    if (targetId) {
      out.duplicates++
      if (mode === 'skip') {
        out.errors.push({ row: line, column: null, message: importMessages.duplicate })
        continue
      }
    }
    out.planned.push({ line, data: valid, existingId: targetId, version })
    if (out.preview.length < IMPORT_PREVIEW_ROWS) out.preview.push(previewOf(register, text))
  }
  return out
}

const dedupe = (errors: ImportError[]) =>
  errors.filter((e, i) => errors.findIndex((o) => o.column === e.column && o.message === e.message) === i)

function previewOf(register: ImportRegister, text: Record<string, string>) {
  return Object.fromEntries(
    importColumns[register].filter((c) => c.key in text).map((c) => [c.label, text[c.key]!.trim() || null]),
  )
}

function merge(base: Data, over: Data): Data {
  const out: Data = Array.isArray(base) ? ([...base] as unknown as Data) : { ...base }
  for (const [key, value] of Object.entries(over)) {
    const now = out[key]
    out[key] =
      value && typeof value === 'object' && now && typeof now === 'object'
        ? merge(now as Data, value as Data)
        : value
  }
  return out
}

/** A project's client by its ID (CL-0004) or its exact name, without case. */
async function clientFinder(db: DbOrTx, orgId: string) {
  const rows = await db
    .select({ id: clients.clientId, name: clients.name, number: clients.displayNumber })
    .from(clients)
    .where(eq(clients.orgId, orgId))
  const byNumber = new Map(rows.map((r) => [r.number, r.id]))
  const byName = new Map<string, string[]>()
  for (const r of rows)
    byName.set(r.name.trim().toLowerCase(), [...(byName.get(r.name.trim().toLowerCase()) ?? []), r.id])
  return (text: string): string | { message: string } | undefined => {
    const t = text.trim()
    if (!t) return undefined
    const id = /^CL-(\d+)$/i.exec(t)
    if (id) return byNumber.get(Number(id[1])) ?? { message: importMessages.clientNotFound }
    const named = byName.get(t.toLowerCase()) ?? []
    if (named.length === 1) return named[0]!
    return { message: named.length ? importMessages.clientAmbiguous : importMessages.clientNotFound }
  }
}

async function save(
  deps: Deps,
  ctx: RequestContext,
  register: ImportRegister,
  definition: RegisterDefinition,
  fileName: string,
  planned: Planned[],
  result: ImportResult,
) {
  const importId = randomUUID()
  const applyCtx = { orgId: ctx.orgId, actorUserId: ctx.userId, requesterUserId: ctx.userId }
  const batches = planned.length > IMPORT_BATCH_ROWS ? chunks(planned, IMPORT_BATCH_ROWS) : [planned]
  for (const batch of batches) {
    if (batch.length === 0) continue
    try {
      const counts = await deps.db.transaction(async (tx) => {
        let created = 0
        let updated = 0
        const late: ImportError[] = []
        // What changed since the file was checked, seen under a lock that imports of this register
        // in this organisation share: a record another import added meanwhile is skipped as a
        // duplicate, one edited meanwhile is left as it is (docs/decisions.md, "Import").
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${ctx.orgId}:${register}`}))`)
        const existing = await existingKeys(tx, ctx.orgId, register)
        for (const row of batch) {
          const details = { import_id: importId, file_name: fileName, row: row.line }
          if (row.existingId) {
            await lockRecord(tx, register, row.existingId)
            const current = await definition.currentData(tx, ctx.orgId, row.existingId)
            if (current?.version !== row.version) {
              late.push({ row: row.line, column: null, message: importMessages.changedMeanwhile })
              continue
            }
            await definition.validate?.(tx, ctx.orgId, row.data, row.existingId)
            await definition.update(tx, applyCtx, row.existingId, row.data)
            const { version: _v, ...before } = current ?? { version: 0 }
            const after = auditedData(definition, row.data)
            await audit(tx, ctx, {
              action: 'IMPORT_UPDATE',
              entityType: definition.entityType,
              entityId: row.existingId,
              before: auditedData(definition, before),
              after,
              details,
            })
            updated++
          } else if (duplicateKeys[register](row.data).some((key) => existing.has(key))) {
            late.push({ row: row.line, column: null, message: importMessages.duplicate })
          } else {
            await definition.validate?.(tx, ctx.orgId, row.data, null)
            const id = await definition.create(tx, applyCtx, row.data)
            await audit(tx, ctx, {
              action: 'IMPORT_CREATE',
              entityType: definition.entityType,
              entityId: id,
              after: auditedData(definition, row.data),
              details,
            })
            created++
          }
        }
        return { created, updated, late }
      })
      result.created += counts.created
      result.updated += counts.updated
      result.duplicates += counts.late.length
      result.skipped += counts.late.length
      result.errors.push(...counts.late)
    } catch (error) {
      if (!(error instanceof AppError)) deps.log.error({ err: error }, 'import batch failed')
      result.failed_batches.push({
        from_row: batch[0]!.line,
        to_row: batch.at(-1)!.line,
        message:
          error instanceof AppError
            ? error.message
            : 'These rows could not be saved; nothing of them was kept.',
      })
    }
  }
  await audit(deps.db, ctx, {
    action: 'IMPORT',
    entityType: definition.entityType,
    entityId: importId,
    after: {
      file_name: fileName,
      rows: result.rows,
      created: result.created,
      updated: result.updated,
      skipped: result.skipped,
      invalid: result.invalid,
    },
  })
}

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

/**
 * The rows not taken, as the file had them plus an 'Errors' column, for the admin to fix and import
 * again; null when every row was taken or was a duplicate.
 */
function errorFile(
  sheet: Sheet,
  checked: Checked,
  failedLines: Set<number>,
  failed: ImportResult['failed_batches'],
): string | null {
  const lines = new Set([...checked.invalidLines, ...failedLines])
  if (lines.size === 0) return null
  const messages = new Map<number, string[]>()
  for (const e of checked.errors)
    if (checked.invalidLines.has(e.row))
      messages.set(e.row, [
        ...(messages.get(e.row) ?? []),
        e.column ? `${e.column}: ${e.message}` : e.message,
      ])
  for (const b of failed)
    for (const line of failedLines)
      if (line >= b.from_row && line <= b.to_row) messages.set(line, [b.message])
  const out = [`\uFEFF${[...sheet.headers, 'Errors'].map(textCell).join(',')}\r\n`]
  for (const { line, cells } of sheet.rows) {
    if (!lines.has(line)) continue
    const row = sheet.headers.map((_, i) => {
      const cell = cells[i] ?? ''
      return textCell(cell === FORMULA ? '' : cell)
    })
    out.push(`${[...row, textCell((messages.get(line) ?? []).join('; '))].join(',')}\r\n`)
  }
  return out.join('')
}
