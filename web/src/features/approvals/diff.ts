/**
 * Proposed data against the record as it is: both flattened to labelled fields ('Contact 2 › Email',
 * 'Work Order Details › Total Value'), so an admin reads the change field by field.
 */
import { moneyFields } from '@daftar/domain/field-labels'
import { formatCurrency, formatDate } from '@daftar/domain/format'

export {
  type DiffRow,
  diff,
  type FieldNaming,
  type FlatField,
  fieldLabel,
  flatten,
} from '@daftar/domain/field-labels'

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
