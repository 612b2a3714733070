/**
 * A record (or the proposed data of a request) as form values: every field the form has, blanks where
 * the record has none (inputs never get null), lists filled from the template of their first row.
 */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export function formValues<V>(empty: V, data: unknown): V {
  return merge(empty, data) as V
}

function merge(template: unknown, value: unknown): unknown {
  if (value === null || value === undefined) return structuredClone(template)
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return structuredClone(template)
    // An empty list keeps the template's rows (a contacts list always shows one row).
    if (value.length === 0) return structuredClone(template)
    const row = template[0]
    return row === undefined ? [...value] : value.map((item) => merge(row, item))
  }
  if (isObject(template)) {
    const source = isObject(value) ? value : {}
    return Object.fromEntries(Object.entries(template).map(([key, t]) => [key, merge(t, source[key])]))
  }
  // Text inputs hold strings: numbers from the server become their text.
  if (typeof template === 'string' && typeof value === 'number') return String(value)
  return value
}

/** The keys of the form values in form order, nested ones as paths ('work_order_details.number'). */
export function fieldOrder(empty: unknown, prefix = ''): string[] {
  if (!isObject(empty)) return []
  return Object.entries(empty).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    return isObject(value) ? [path, ...fieldOrder(value, path)] : [path]
  })
}
