/**
 * Recurring tasks (docs/decisions.md, "Recurring tasks and reminders"): the contract of
 * /recurring-tasks, the expansion of a series' RFC 5545 rule into dates, and the human sentence of a
 * rule, which the server and the web both show.
 */
import * as rruleModule from 'rrule'
import { z } from 'zod'
import {
  calendarDate,
  idTo,
  idToMessage,
  instant,
  isCalendarDay,
  labelled,
  messageResponse,
  pageOf,
} from './contract.ts'
import { addDays } from './format.ts'
import { endpoint } from './http.ts'
import { organisationToday } from './registers.ts'

// rrule ships a CommonJS bundle to Node (no detectable named exports) and an ES module to bundlers:
// its classes are on the namespace in one and on its default export in the other.
// (Read by name at run time: a bundler that sees the ES module warns of a `default` it lacks.)
export const rrule: typeof rruleModule = Reflect.get(rruleModule, 'default') ?? rruleModule
const { RRule } = rrule

/**
 * How far back a series may start (docs/decisions.md): its dates from its start to today are created
 * when it is saved, so a start further back would create that many tasks, and notices, at once.
 */
export const MAX_DAYS_BACK = 31

export const recurringMessages = {
  notFound: 'Recurring task not found.',
  created: 'Recurring task created.',
  updated: 'Recurring task updated.',
  ended: 'Recurring task ended; the tasks it created are kept.',
  notAllowed: 'Only the owner of a recurring task or an administrator may change it.',
  badRule: 'The repeat rule is not valid.',
  noDates: 'The repeat rule has no date on or after its start.',
  titleRequired: 'Title is required.',
  inactiveOwner: 'The owner of this recurring task is no longer a registered user.',
  dailyDays: 'A daily rule cannot name weekdays (BYDAY): repeat weekly on those days instead.',
  untilRange: 'Until must be a date from 2000 to 2199.',
  startsOnInvalid: 'Starts on must be a real date, written YYYY-MM-DD.',
  startsTooEarly: `Starts on can be at most ${MAX_DAYS_BACK} days before today.`,
} as const

/** The days a rule's UNTIL may name. */
const UNTIL_RANGE = { from: '2000-01-01', to: '2199-12-31' }

/** Whether a series may start on `day`: at most MAX_DAYS_BACK days before today, in the organisation's calendar. */
export const startsInReach = (day: string, today: string = organisationToday()) =>
  day >= addDays(today, -MAX_DAYS_BACK)

export const RECURRING_PAGE_SIZE = 20
/** How many coming dates a series shows. */
export const NEXT_OCCURRENCES = 5
export const frequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const
export type Frequency = (typeof frequencies)[number]
export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof weekdays)[number]
export const WORKING_DAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR']
/** A weekday's short name, as the repeat field's buttons and a series' description say it. */
export const dayNames: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
}
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** What a series does with dates missed while no server ran: create each (marked late), or only the latest. */
export const catchUps = ['each', 'latest'] as const
export type CatchUp = (typeof catchUps)[number]

/** A rule as its parts; only the parts the issue names are accepted. */
export interface RuleParts {
  freq: Frequency
  interval: number
  byDay: { day: Weekday; n?: number }[]
  byMonthDay: number[]
  byMonth: number[]
  bySetPos: number[]
  until: string | null
  count: number | null
}

/** Every day, with no other part: what parsing and the Repeat choices start from. */
const everyDay = (until: string | null = null): RuleParts => ({
  freq: 'DAILY',
  interval: 1,
  byDay: [],
  byMonthDay: [],
  byMonth: [],
  bySetPos: [],
  until,
  count: null,
})

const KNOWN = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'UNTIL',
  'COUNT',
  'WKST',
])
const intList = (raw: string, min: number, max: number) =>
  raw.split(',').map((v) => {
    if (!/^[+-]?\d{1,3}$/.test(v)) throw new Error(v)
    const n = Number(v)
    if (n === 0 || Math.abs(n) < min || Math.abs(n) > max) throw new Error(v)
    return n
  })

/** The parts of a rule as written (an optional 'RRULE:' before it); null when it cannot be read at all. */
function readRule(text: string): RuleParts | null {
  try {
    const body = text.trim().replace(/^RRULE:/i, '')
    if (!body || body.length > 300) return null
    const parts = everyDay()
    const seen = new Set<string>()
    let freq: string | undefined
    for (const piece of body.split(';')) {
      const [key, value, ...rest] = piece.split('=')
      const name = key?.toUpperCase() ?? ''
      if (!value || rest.length || !KNOWN.has(name) || seen.has(name)) return null
      seen.add(name)
      const v = value.toUpperCase()
      if (name === 'FREQ') freq = v
      else if (name === 'INTERVAL') {
        if (!/^\d{1,3}$/.test(v) || Number(v) < 1) return null
        parts.interval = Number(v)
      } else if (name === 'BYDAY')
        parts.byDay = v.split(',').map((d) => {
          const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(d)
          if (!m) throw new Error(d)
          const n = m[1] ? Number(m[1]) : undefined
          if (n !== undefined && (n === 0 || Math.abs(n) > 5)) throw new Error(d)
          return { day: m[2] as Weekday, ...(n === undefined ? {} : { n }) }
        })
      else if (name === 'BYMONTHDAY') parts.byMonthDay = intList(v, 1, 31)
      else if (name === 'BYMONTH') parts.byMonth = intList(v, 1, 12).map(Math.abs)
      else if (name === 'BYSETPOS') parts.bySetPos = intList(v, 1, 366)
      else if (name === 'UNTIL') {
        const m = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(v)
        const day = m ? `${m[1]}-${m[2]}-${m[3]}` : ''
        if (!isCalendarDay(day)) return null
        parts.until = day
      } else if (name === 'COUNT') {
        if (!/^\d{1,4}$/.test(v) || Number(v) < 1) return null
        parts.count = Number(v)
      } else if (name === 'WKST' && !weekdays.includes(v as Weekday)) return null
    }
    if (!freq || !(frequencies as readonly string[]).includes(freq)) return null
    parts.freq = freq as Frequency
    return parts
  } catch {
    return null
  }
}

/** Why a rule's parts are refused, or null when they are a rule we accept. */
function problemOf(parts: RuleParts): string | null {
  // A daily rule filtered by weekdays runs on those days only; the Repeat choices write it weekly.
  if (parts.freq === 'DAILY' && parts.byDay.length) return recurringMessages.dailyDays
  // rrule reads a year before 100 as 19xx, like JavaScript's Date (toRRule).
  if (parts.until && (parts.until < UNTIL_RANGE.from || parts.until > UNTIL_RANGE.to))
    return recurringMessages.untilRange
  if (parts.until && parts.count) return recurringMessages.badRule
  if (parts.bySetPos.length && !parts.byDay.length && !parts.byMonthDay.length)
    return recurringMessages.badRule
  // Each part only where the issue's rules need it: a daily rule filtered by month days would make
  // rrule walk every day to year 9999 looking for a date that never comes.
  const monthly = parts.freq === 'MONTHLY' || parts.freq === 'YEARLY'
  if (
    !monthly &&
    (parts.byDay.some((d) => d.n !== undefined) || parts.byMonthDay.length || parts.bySetPos.length)
  )
    return recurringMessages.badRule
  if (parts.byMonth.length && parts.freq !== 'YEARLY') return recurringMessages.badRule
  return null
}

/** Parses 'FREQ=WEEKLY;BYDAY=MO' (an optional 'RRULE:' before it); null when it is not a rule we accept. */
export function parseRule(text: string): RuleParts | null {
  const parts = readRule(text)
  return parts && !problemOf(parts) ? parts : null
}

/** Why a rule is refused, in the words the form shows; null when it is accepted. */
export function ruleProblem(text: string): string | null {
  const parts = readRule(text)
  return parts ? problemOf(parts) : recurringMessages.badRule
}

/** The rule written back in one canonical form (upper case, our order, no WKST). */
export function formatRule(p: RuleParts): string {
  const out = [`FREQ=${p.freq}`]
  if (p.interval !== 1) out.push(`INTERVAL=${p.interval}`)
  if (p.byMonth.length) out.push(`BYMONTH=${p.byMonth.join(',')}`)
  if (p.byMonthDay.length) out.push(`BYMONTHDAY=${p.byMonthDay.join(',')}`)
  if (p.byDay.length) out.push(`BYDAY=${p.byDay.map((d) => `${d.n ?? ''}${d.day}`).join(',')}`)
  if (p.bySetPos.length) out.push(`BYSETPOS=${p.bySetPos.join(',')}`)
  if (p.until) out.push(`UNTIL=${p.until.replaceAll('-', '')}`)
  if (p.count) out.push(`COUNT=${p.count}`)
  return out.join(';')
}

/** '2 Dec 2026': the sentence's own day format, as the issue writes it (docs/decisions.md). */
export const sentenceDate = (day: string) =>
  `${Number(day.slice(8, 10))} ${monthNames[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`

const utc = (day: string) => new Date(`${day}T00:00:00Z`)
const dayOf = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The rule as rrule runs it. Dates are whole days: the rule runs on UTC midnights, which have no
 * daylight saving, and each result is read back as its day; "today" is the organisation's (todayIn).
 * rrule reads a year before 100 as 19xx whatever it is given: the bounds of a series' start and of
 * UNTIL keep such years away from it (docs/decisions.md, "Recurring tasks and reminders").
 */
function toRRule(rule: string, startsOn: string) {
  const p = parseRule(rule)
  if (!p) throw new Error(recurringMessages.badRule)
  return rrule.rrulestr(`DTSTART:${startsOn.replaceAll('-', '')}T000000Z\nRRULE:${formatRule(p)}`, {
    forceset: false,
  }) as InstanceType<typeof RRule>
}

/** The series' dates from `from` to `to` (both included, YYYY-MM-DD); the first `limit` of them if given. */
export function occurrencesBetween(rule: string, startsOn: string, from: string, to: string, limit?: number) {
  if (to < from) return []
  const r = toRRule(rule, startsOn)
  const dates =
    limit === undefined
      ? r.between(utc(from), utc(to), true)
      : r.between(utc(from), utc(to), true, (_d, len) => len < limit)
  return dates.map(dayOf)
}

/** The next `n` dates on or after `from`. */
export function nextOccurrences(rule: string, startsOn: string, from: string, n = NEXT_OCCURRENCES) {
  const r = toRRule(rule, startsOn)
  const out: string[] = []
  let d = r.after(utc(from), true)
  while (d && out.length < n) {
    out.push(dayOf(d))
    d = r.after(d, false)
  }
  return out
}

const ordinal = (n: number): string =>
  n === -1
    ? 'last'
    : n < 0
      ? `${ordinal(-n)} last`
      : (['first', 'second', 'third', 'fourth', 'fifth'][n - 1] ?? `${n}th`)
const dayOfMonth = (n: number) =>
  n === -1 ? 'the last day' : n < 0 ? `the ${ordinal(-n)} last day` : `day ${n}`
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
const sameDays = (a: Weekday[], b: readonly Weekday[]) =>
  a.length === b.length && b.every((d) => a.includes(d))
const weekdayOf = (day: string): Weekday => weekdays[(utc(day).getUTCDay() + 6) % 7]!

/**
 * The rule as a sentence: 'Every 2 weeks on Mon and Thu until 31 Mar 2027', 'Weekly on Mon',
 * 'Monthly on the last working day'. `startsOn` fills in what the rule leaves to its first date.
 */
export function describeRule(rule: string, startsOn?: string | null): string {
  const p = parseRule(rule)
  if (!p) return 'Custom repeat'
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[p.freq]
  const every =
    p.interval === 1
      ? { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly', YEARLY: 'Yearly' }[p.freq]
      : `Every ${p.interval} ${unit}s`
  const plainDays = p.byDay.filter((d) => d.n === undefined).map((d) => d.day)
  const nthDays = p.byDay.filter((d) => d.n !== undefined)
  let text: string
  if (p.freq === 'DAILY') text = p.interval === 1 ? 'Every day' : every
  else if (p.freq === 'WEEKLY') {
    const days = plainDays.length ? plainDays : startsOn ? [weekdayOf(startsOn)] : []
    text =
      p.interval === 1 && sameDays(days, WORKING_DAYS)
        ? 'Every working day'
        : days.length
          ? `${every} on ${list(weekdays.filter((d) => days.includes(d)).map((d) => dayNames[d]))}`
          : every
  } else {
    const ofMonth =
      p.freq === 'YEARLY' && p.byMonth.length ? ` of ${list(p.byMonth.map((m) => monthNames[m - 1]!))}` : ''
    let on: string
    if (p.bySetPos.length && sameDays(plainDays, WORKING_DAYS) && p.bySetPos.length === 1)
      on = `the ${ordinal(p.bySetPos[0]!)} working day${ofMonth}`
    else if (p.bySetPos.length && plainDays.length)
      on = `the ${list(p.bySetPos.map(ordinal))} ${list(plainDays.map((d) => dayNames[d]))}${ofMonth}`
    else if (nthDays.length)
      on = `the ${list(nthDays.map((d) => `${ordinal(d.n!)} ${dayNames[d.day]}`))}${ofMonth}`
    else if (p.byMonthDay.length)
      on =
        p.freq === 'YEARLY' && p.byMonth.length && p.byMonthDay.length === 1 && p.byMonthDay[0]! > 0
          ? `${p.byMonthDay[0]} ${list(p.byMonth.map((m) => monthNames[m - 1]!))}`
          : `${list(p.byMonthDay.map(dayOfMonth))}${ofMonth}`
    else if (plainDays.length) on = `${list(plainDays.map((d) => dayNames[d]))}${ofMonth}`
    else if (startsOn)
      on =
        p.freq === 'YEARLY'
          ? `${Number(startsOn.slice(8))} ${monthNames[Number(startsOn.slice(5, 7)) - 1]}`
          : `day ${Number(startsOn.slice(8))}`
    else on = ''
    text = on ? `${every} on ${on}` : every
  }
  if (p.until) text += ` until ${sentenceDate(p.until)}`
  if (p.count) text += `, ${p.count} time${p.count === 1 ? '' : 's'}`
  return text
}

/** The line on a task of a series: 'Repeats weekly on Mon — next 2 Dec 2026'. */
export function seriesLine(rule: string, startsOn: string | null, next: string | null | undefined): string {
  const sentence = describeRule(rule, startsOn)
  const lead = `Repeats ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`
  return next ? `${lead} — next ${sentenceDate(next)}` : `${lead} — no further dates`
}

/** The Repeat choices of Create Task, and the rule each makes. */
export const { values: repeatPresets, labels: repeatPresetLabels } = labelled([
  ['none', 'None'],
  ['daily', 'Daily'],
  ['weekdays', 'Weekdays'],
  ['weekly', 'Weekly on…'],
  ['monthlyDay', 'Monthly on day…'],
  ['lastDay', 'Monthly on the last day'],
  ['lastWorkingDay', 'Monthly on the last working day'],
  ['custom', 'Custom'],
])
export type RepeatPreset = (typeof repeatPresets)[number]

export interface RepeatChoice {
  preset: RepeatPreset
  /** Weekly on…, and Custom weekly. */
  days: Weekday[]
  /** Monthly on day… (1–31; the last day is its own choice, BYMONTHDAY=-1). */
  monthDay: number
  /** Custom. */
  interval: number
  freq: Frequency
  until: string | null
}

/** The rule a Repeat choice makes; null for None. */
export function ruleOf(choice: RepeatChoice): string | null {
  const base = everyDay(choice.until)
  const days = (list: Weekday[]) => weekdays.filter((d) => list.includes(d)).map((day) => ({ day }))
  switch (choice.preset) {
    case 'none':
      return null
    case 'daily':
      return formatRule(base)
    case 'weekdays':
      return formatRule({ ...base, freq: 'WEEKLY', byDay: days([...WORKING_DAYS]) })
    case 'weekly':
      return formatRule({ ...base, freq: 'WEEKLY', byDay: days(choice.days) })
    case 'monthlyDay':
      return formatRule({ ...base, freq: 'MONTHLY', byMonthDay: [choice.monthDay] })
    // Every month's own last day (28, 29, 30 or 31), where day 31 skips the months without one.
    case 'lastDay':
      return formatRule({ ...base, freq: 'MONTHLY', byMonthDay: [-1] })
    case 'lastWorkingDay':
      return formatRule({ ...base, freq: 'MONTHLY', byDay: days([...WORKING_DAYS]), bySetPos: [-1] })
    case 'custom':
      return formatRule({
        ...base,
        freq: choice.freq,
        interval: choice.interval,
        byDay: choice.freq === 'WEEKLY' ? days(choice.days) : [],
      })
  }
}

const ruleText = z
  .string({ error: recurringMessages.badRule })
  .trim()
  .max(300)
  .superRefine((v, ctx) => {
    const problem = ruleProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((v) => formatRule(parseRule(v)!))
const idList = z
  .array(z.uuid('Invalid id.'))
  .max(50)
  .refine((l) => new Set(l).size === l.length, 'The same user is named twice.')

/**
 * The body of a series, its start checked by `startAllowed`. One assignee: a task has one
 * (docs/decisions.md).
 */
const seriesInput = (startAllowed: (day: string) => boolean) =>
  z
    .object({
      title: z
        .string({ error: recurringMessages.titleRequired })
        .trim()
        .min(1, recurringMessages.titleRequired)
        .max(300),
      description: z
        .string()
        .max(10_000)
        .nullish()
        .transform((v) => (v?.trim() ? v.trim() : null)),
      category_id: z
        .uuid('Invalid id.')
        .nullish()
        .transform((v) => v ?? null),
      project_id: z
        .uuid('Invalid id.')
        .nullish()
        .transform((v) => v ?? null),
      client_id: z
        .uuid('Invalid id.')
        .nullish()
        .transform((v) => v ?? null),
      assigned_to: idList.pipe(z.array(z.string()).max(1, 'A recurring task has one assignee.')).default([]),
      cc: idList.default([]),
      rule: ruleText,
      starts_on: z.iso
        .date({ error: recurringMessages.startsOnInvalid })
        .refine(isCalendarDay, recurringMessages.startsOnInvalid)
        .refine(startAllowed, recurringMessages.startsTooEarly),
      deadline_days: z.number().int().min(0).max(366).default(0),
      active: z.boolean().default(true),
      catch_up: z.enum(catchUps).default('each'),
    })
    // Zod runs this even when a field failed (its own issue is already reported): only a valid rule and
    // an allowed day are expanded.
    .refine(
      (v) =>
        !parseRule(v.rule) ||
        !isCalendarDay(v.starts_on) ||
        !startAllowed(v.starts_on) ||
        nextOccurrences(v.rule, v.starts_on, v.starts_on, 1).length > 0,
      {
        message: recurringMessages.noDates,
        path: ['rule'],
      },
    )

/** POST /recurring-tasks: a series starts at most MAX_DAYS_BACK days before today. */
export const recurringTaskInput = seriesInput((day) => startsInReach(day))
/** An edit's form: the start already saved stays allowed, however far back; a moved one is bounded. */
export const recurringTaskEdit = (savedStart: string) =>
  seriesInput((day) => day === savedStart || startsInReach(day))
/** PUT /recurring-tasks/{id}: the server checks a moved start against the saved one (as recurringTaskEdit). */
export const recurringTaskUpdate = seriesInput(() => true)
export type RecurringTaskInput = z.output<typeof recurringTaskInput>

const userRef = z.object({ user_id: z.string(), username: z.string(), full_name: z.string() })

export const recurringTask = z.object({
  series_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category_id: z.string().nullable(),
  project_id: z.string().nullable(),
  client_id: z.string().nullable(),
  assigned_to: z.array(z.string()),
  cc: z.array(z.string()),
  /** The assignee and CC with their names, for the list and the dialog. */
  people: z.array(userRef),
  rule: z.string(),
  /** describeRule of the rule, as the server wrote it. */
  rule_text: z.string(),
  starts_on: calendarDate,
  deadline_days: z.number().int(),
  active: z.boolean(),
  catch_up: z.enum(catchUps),
  owner: userRef,
  /** Whether the caller may edit, pause or end it (its owner or an admin). */
  can_edit: z.boolean(),
  next_occurrences: z.array(calendarDate),
  last_created_task_id: z.string().nullable(),
  created_at: instant,
  version: z.number().int(),
})
export type RecurringTask = z.infer<typeof recurringTask>

export const recurringListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export const recurringTaskPage = pageOf('recurring_tasks', recurringTask)
export type RecurringTaskPage = z.infer<typeof recurringTaskPage>
export const recurringTaskChange = messageResponse.extend({ recurring_task: recurringTask })

/** The series a task belongs to, on the task detail. */
export const taskSeries = z.object({
  series_id: z.string(),
  rule: z.string(),
  starts_on: calendarDate,
  active: z.boolean(),
  next_occurrence: calendarDate.nullable(),
})
export type TaskSeries = z.infer<typeof taskSeries>
export const taskSeriesResponse = z.object({ series: taskSeries.nullable() })

export const recurringEndpoints = {
  list: endpoint('GET', '/recurring-tasks', {
    querystring: recurringListQuery,
    response: { 200: recurringTaskPage },
  }),
  create: endpoint(
    'POST',
    '/recurring-tasks',
    { body: recurringTaskInput, response: { 201: recurringTaskChange } },
    { idempotent: true },
  ),
  detail: endpoint('GET', '/recurring-tasks/:id', idTo(recurringTask)),
  update: endpoint('PUT', '/recurring-tasks/:id', {
    ...idTo(recurringTaskChange),
    body: recurringTaskUpdate,
  }),
  remove: endpoint('DELETE', '/recurring-tasks/:id', idToMessage),
  /** The series of a task the caller may see (the line on the task detail); null for a one-off task. */
  ofTask: endpoint('GET', '/tasks/:id/series', idTo(taskSeriesResponse)),
}

/** The Repeat choice that makes `rule` (best effort: a rule no preset makes shows as Custom). */
export function choiceOf(rule: string): RepeatChoice {
  const p = parseRule(rule)
  const base: RepeatChoice = {
    preset: 'custom',
    days: [],
    monthDay: 1,
    interval: 1,
    freq: 'WEEKLY',
    until: null,
  }
  if (!p) return base
  const plain = p.byDay.filter((d) => d.n === undefined).map((d) => d.day)
  const choice = { ...base, freq: p.freq, interval: p.interval, days: plain, until: p.until }
  if (p.count || p.byMonth.length || p.interval !== 1) return choice
  const only = (...keys: (keyof RuleParts)[]) =>
    (['byDay', 'byMonthDay', 'bySetPos'] as const).every((k) => keys.includes(k) || p[k].length === 0)
  if (p.freq === 'DAILY' && only()) return { ...choice, preset: 'daily' }
  if (p.freq === 'WEEKLY' && only('byDay') && sameDays(plain, WORKING_DAYS))
    return { ...choice, preset: 'weekdays' }
  if (p.freq === 'WEEKLY' && only('byDay') && plain.length) return { ...choice, preset: 'weekly' }
  if (p.freq === 'MONTHLY' && only('byMonthDay') && p.byMonthDay.length === 1 && p.byMonthDay[0]! > 0)
    return { ...choice, preset: 'monthlyDay', monthDay: p.byMonthDay[0]! }
  if (p.freq === 'MONTHLY' && only('byMonthDay') && p.byMonthDay.length === 1 && p.byMonthDay[0] === -1)
    return { ...choice, preset: 'lastDay' }
  if (
    p.freq === 'MONTHLY' &&
    only('byDay', 'bySetPos') &&
    sameDays(plain, WORKING_DAYS) &&
    p.bySetPos.length === 1 &&
    p.bySetPos[0] === -1
  )
    return { ...choice, preset: 'lastWorkingDay' }
  return choice
}
