/**
 * Proposed data against the record as it is: both flattened to labelled fields ('Contact 2 › Email',
 * 'Work Order Details › Total Value'), so an admin reads the change field by field.
 */
import {
  type DiffRow,
  type FieldNaming,
  diff as fieldDiff,
  flatten,
  moneyFields,
} from '@daftar/domain/field-labels'
import { formatCurrency, formatDate } from '@daftar/domain/format'

export {
  type DiffRow,
  type FieldNaming,
  type FlatField,
  fieldLabel,
  flatten,
} from '@daftar/domain/field-labels'

const isMasked = (value: unknown) => typeof value === 'string' && value.includes('•')

/**
 * Every field of either side, marked when it differs. A masked number the proposal leaves out (the
 * form sent it back masked, or not at all) keeps the stored one (docs/product.md, "Employees"): it is
 * shown as kept, not as cleared; a blank one is a change.
 */
export function diff(current: unknown, proposed: unknown, partial = false, naming: FieldNaming = {}) {
  const named = new Set(flatten(proposed, naming).map((f) => f.path))
  return fieldDiff(current, proposed, partial, naming).map(
    (row): DiffRow =>
      named.has(row.path) || !isMasked(row.current) ? row : { ...row, proposed: row.current, changed: false },
  )
}

/** A value as people read it; null when there is nothing to show. */
export function displayValue(
  path: string,
  value: unknown,
  names: Record<string, string> = {},
): string | null {
  if (value === null || value === undefined || value === '') return null
  const key = path.split('.').at(-1) ?? ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (key.endsWith('_id') && typeof value === 'string' && names[value]) return names[value]!
  if (moneyFields.has(key) && (typeof value === 'number' || /^\d+(\.\d+)?$/.test(String(value))))
    return formatCurrency(Number(value))
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
