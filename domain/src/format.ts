/** Money and dates as the spec shows them: en-IN rupees, en-GB dates. */

/**
 * Each formatter is built once, on first use: building one loads locale data (milliseconds on a phone,
 * so not while a page's code is being evaluated), and `toLocaleDateString` with options builds a new one
 * on every call, which a list of a hundred rows paid a hundred times (docs/decisions.md).
 */
function once<T>(build: () => T): () => T {
  let value: T | undefined
  return () => {
    value ??= build()
    return value
  }
}

const money = (fractionDigits: number) =>
  once(
    () =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        maximumFractionDigits: fractionDigits,
        minimumFractionDigits: fractionDigits,
      }),
  )
const rupees0 = money(0)
const rupees2 = money(2)
const dayMonthYear = once(
  () => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric' }),
)
const dayMonth = once(() => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short' }))
const dayMonthTime = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
)
const numericDayMonth = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }))

/**
 * The one money format of the app, in lists and details alike: Indian grouping, paise shown
 * when there are any — ₹12,50,000.50 and ₹12,50,000. Empty or invalid → 'N/A'.
 */
export function formatCurrency(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A'
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return 'N/A'
  const paise = Math.round(n * 100)
  return paise % 100 === 0 ? rupees0().format(paise / 100) : rupees2().format(paise / 100)
}

function toDate(value: string | Date): Date | null {
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00`)
      : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/** "21 Nov 2026" (en-GB, short month). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A'
  const d = toDate(value)
  return d ? dayMonthYear().format(d) : 'N/A'
}

/** "21 Nov 2026", or "21 Nov" on narrow screens: the one date presentation (en-GB). */
export function formatShortDate(value: string | Date | null | undefined, narrow = false): string {
  if (!value) return 'N/A'
  const d = toDate(value)
  if (!d) return 'N/A'
  return narrow ? dayMonth().format(d) : dayMonthYear().format(d)
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A'
  const d = toDate(value)
  return d ? dayMonthTime().format(d) : 'N/A'
}

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`

/** Seconds, minutes, hours, Yesterday, days under 7, then day and short month (docs/product.md, "Messages"). */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const d = toDate(value)
  if (!d) return ''
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000))
  // A fresh comment reads 'just now', never '0 seconds ago'.
  if (seconds < 10) return 'just now'
  if (seconds < 60) return ago(seconds, 'second')
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return ago(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return ago(hours, 'hour')
  const days = Math.floor(hours / 24)
  if (days === 1) return 'Yesterday'
  if (days < 7) return ago(days, 'day')
  return numericDayMonth().format(d)
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear()
  const m = String(now.getMonth() + 1).padStart(2, '0')
  const d = String(now.getDate()).padStart(2, '0')
  return `${y}-${m}-${d}`
}

/**
 * One formatter per time zone and kind, made on first use: making an Intl.DateTimeFormat costs far
 * more than formatting with it, and the server asks for today's date on every home and list request.
 */
function zoned(kind: 'day' | 'hour', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`
  let made = zonedFormats.get(key)
  if (!made) {
    made =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    zonedFormats.set(key, made)
  }
  return made
}
const zonedFormats = new Map<string, Intl.DateTimeFormat>()

/** Today as YYYY-MM-DD in a time zone (the server's view of the organisation's calendar). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return zoned('day', timeZone).format(now)
}

/** The hour (0–23) it is in a time zone. */
export function hourIn(timeZone: string, now: Date = new Date()): number {
  return Number(zoned('hour', timeZone).format(now))
}

/** A YYYY-MM-DD day moved by a number of days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** "acme industries" → "Acme Industries". */
export function titleCase(value: string): string {
  return (
    value
      .trim()
      .split(/\s+/)
      // Only the first letter is raised: capitals a name already carries (ETP, KLD, McKinnon) stay.
      .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
      .join(' ')
  )
}
