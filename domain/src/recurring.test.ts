import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, todayIn } from './format.ts'
import {
  choiceOf,
  describeRule,
  formatRule,
  nextOccurrences,
  occurrencesBetween,
  parseRule,
  type RepeatChoice,
  type RuleParts,
  recurringMessages,
  recurringTaskEdit,
  recurringTaskInput,
  rrule,
  ruleOf,
  ruleProblem,
  seriesLine,
  type Weekday,
  weekdays,
} from './recurring.ts'

const { RRule } = rrule
// Tests that fix the clock fake only Date; every test ends on the real one.
afterEach(() => vi.useRealTimers())

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
const lastOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
const isoDay = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay()
const monthsFrom = (start: string, n: number) => {
  const out: [number, number][] = []
  let y = Number(start.slice(0, 4))
  let m = Number(start.slice(5, 7))
  for (let i = 0; i < n; i++) {
    out.push([y, m])
    m++
    if (m > 12) {
      m = 1
      y++
    }
  }
  return out
}
const pad = (n: number) => String(n).padStart(2, '0')

describe('describeRule: the human sentence of a rule', () => {
  it.each([
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270331', 'Every 2 weeks on Mon and Thu until 31 Mar 2027'],
    ['FREQ=WEEKLY;BYDAY=MO', 'Weekly on Mon'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every working day'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=10', 'Every 3 days, 10 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'Monthly on day 15'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Monthly on the last day'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'Monthly on the last working day'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'Monthly on the second Tue'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1', 'Every 3 months on day 1'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'Yearly on 29 Feb'],
    ['rrule:freq=weekly;byday=fr', 'Weekly on Fri'],
  ])('%s → %s', (rule, sentence) => expect(describeRule(rule)).toBe(sentence))

  it('fills in what the rule leaves to its start date', () => {
    expect(describeRule('FREQ=WEEKLY', '2026-12-02')).toBe('Weekly on Wed')
    expect(describeRule('FREQ=MONTHLY', '2026-12-02')).toBe('Monthly on day 2')
    expect(describeRule('FREQ=YEARLY', '2026-12-02')).toBe('Yearly on 2 Dec')
  })

  it("the task's line names the next date", () => {
    expect(seriesLine('FREQ=WEEKLY;BYDAY=MO', '2026-11-30', '2026-12-07')).toBe(
      'Repeats weekly on Mon — next 7 Dec 2026',
    )
  })

  it('each Repeat choice of Create Task makes its rule', () => {
    const choice = (over: Partial<RepeatChoice>): RepeatChoice => ({
      preset: 'none',
      days: [],
      monthDay: 1,
      interval: 1,
      freq: 'WEEKLY',
      until: null,
      ...over,
    })
    expect(ruleOf(choice({}))).toBeNull()
    expect(describeRule(ruleOf(choice({ preset: 'daily' }))!)).toBe('Every day')
    expect(describeRule(ruleOf(choice({ preset: 'weekdays' }))!)).toBe('Every working day')
    expect(describeRule(ruleOf(choice({ preset: 'weekly', days: ['TH', 'MO'] }))!)).toBe(
      'Weekly on Mon and Thu',
    )
    expect(describeRule(ruleOf(choice({ preset: 'monthlyDay', monthDay: 31 }))!)).toBe('Monthly on day 31')
    expect(ruleOf(choice({ preset: 'lastDay', monthDay: 31 }))).toBe('FREQ=MONTHLY;BYMONTHDAY=-1')
    expect(describeRule(ruleOf(choice({ preset: 'lastDay' }))!)).toBe('Monthly on the last day')
    expect(describeRule(ruleOf(choice({ preset: 'lastDay', until: '2027-06-30' }))!)).toBe(
      'Monthly on the last day until 30 Jun 2027',
    )
    expect(describeRule(ruleOf(choice({ preset: 'lastWorkingDay' }))!)).toBe(
      'Monthly on the last working day',
    )
    expect(
      describeRule(
        ruleOf(choice({ preset: 'custom', interval: 2, days: ['MO', 'TH'], until: '2027-03-31' }))!,
      ),
    ).toBe('Every 2 weeks on Mon and Thu until 31 Mar 2027')
  })
})

describe('choiceOf: the Repeat choice of a saved rule', () => {
  it('gives back the preset that made the rule', () => {
    const base: RepeatChoice = {
      preset: 'none',
      days: ['MO'],
      monthDay: 12,
      interval: 1,
      freq: 'WEEKLY',
      until: null,
    }
    for (const preset of ['daily', 'weekdays', 'weekly', 'monthlyDay', 'lastDay', 'lastWorkingDay'] as const)
      expect(choiceOf(ruleOf({ ...base, preset })!).preset, preset).toBe(preset)
    expect(choiceOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH')).toMatchObject({
      preset: 'custom',
      interval: 2,
      days: ['MO', 'TH'],
    })
    expect(choiceOf('FREQ=MONTHLY;BYMONTHDAY=12').monthDay).toBe(12)
    // The last day is its own choice; the second last (no preset makes it) stays Custom.
    expect(choiceOf('FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20271231')).toMatchObject({
      preset: 'lastDay',
      until: '2027-12-31',
    })
    expect(choiceOf('FREQ=MONTHLY;BYMONTHDAY=-2').preset).toBe('custom')
    expect(choiceOf('FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1').preset).toBe('custom')
  })
})

describe('parseRule', () => {
  it('accepts the parts the issue names and refuses the rest', () => {
    for (const ok of [
      'FREQ=DAILY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=31;COUNT=3',
      'FREQ=WEEKLY;UNTIL=20270331T000000Z',
    ])
      expect(parseRule(ok), ok).not.toBeNull()
    for (const bad of [
      '',
      'FREQ=HOURLY',
      'FREQ=SECONDLY',
      'FREQ=DAILY;BYHOUR=9',
      'FREQ=DAILY;COUNT=2;UNTIL=20270101',
      'FREQ=DAILY;BYMONTHDAY=30',
      'FREQ=DAILY;BYMONTH=2',
      'FREQ=WEEKLY;BYDAY=1MO',
      'FREQ=MONTHLY;BYMONTHDAY=32',
      'FREQ=MONTHLY;BYMONTHDAY=0',
      'FREQ=MONTHLY;UNTIL=20260230',
      'FREQ=WEEKLY;FREQ=DAILY',
      'INTERVAL=2',
    ])
      expect(parseRule(bad), bad).toBeNull()
  })

  it('refuses a rule with no date on or after its start', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-20T10:00:00+05:30'))
    const input = { title: 'x', rule: 'FREQ=DAILY;UNTIL=20260101', starts_on: '2026-01-02' }
    expect(recurringTaskInput.safeParse(input).success).toBe(false)
    expect(recurringTaskInput.safeParse({ ...input, starts_on: '2026-01-01' }).success).toBe(true)
    // A bad rule or day is an issue of its field, never a throw of the whole-input check.
    expect(recurringTaskInput.safeParse({ ...input, rule: 'FREQ=HOURLY' }).success).toBe(false)
    expect(recurringTaskInput.safeParse({ ...input, starts_on: '2026-02-30' }).success).toBe(false)
  })

  it('refuses weekdays on a daily rule, saying to repeat weekly', () => {
    expect(parseRule('FREQ=DAILY;BYDAY=MO')).toBeNull()
    expect(ruleProblem('FREQ=DAILY;BYDAY=MO,TU')).toBe(
      'A daily rule cannot name weekdays (BYDAY): repeat weekly on those days instead.',
    )
    expect(describeRule('FREQ=DAILY;BYDAY=MO')).toBe('Custom repeat')
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=MO')).toBeNull()
    expect(ruleProblem('FREQ=HOURLY')).toBe(recurringMessages.badRule)
  })

  it('refuses an UNTIL before 2000 or after 2199: rrule reads a year before 100 as 19xx', () => {
    for (const rule of [
      'FREQ=YEARLY;UNTIL=00500101',
      'FREQ=DAILY;UNTIL=19991231',
      'FREQ=DAILY;UNTIL=22000101',
    ])
      expect(ruleProblem(rule), rule).toBe('Until must be a date from 2000 to 2199.')
    expect(ruleProblem('FREQ=DAILY;UNTIL=21991231')).toBeNull()
  })
})

describe("starts_on: a real day at most 31 days before today (the organisation's)", () => {
  // 01:30 on 2 December 2026 in India, still 1 December in UTC.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-01T20:00:00Z'))
  })
  const input = (starts_on: string) => ({ title: 'x', rule: 'FREQ=DAILY', starts_on })
  const messageOf = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message

  it('refuses a start further back, naming the field', () => {
    expect(recurringTaskInput.safeParse(input('2026-11-01')).success).toBe(true)
    for (const day of ['2026-10-31', '2025-01-01', '0050-06-15', '0001-01-01'])
      expect(messageOf(recurringTaskInput.safeParse(input(day))), day).toBe(
        'Starts on can be at most 31 days before today.',
      )
  })

  it('an edit keeps the start it has saved, however far back, and may not move it further', () => {
    const edit = recurringTaskEdit('2026-06-01')
    expect(edit.safeParse(input('2026-06-01')).success).toBe(true)
    expect(edit.safeParse(input('2026-11-15')).success).toBe(true)
    expect(messageOf(edit.safeParse(input('2026-05-31')))).toBe(
      'Starts on can be at most 31 days before today.',
    )
  })

  it('a day that is not one is refused in a sentence naming the field', () => {
    for (const day of ['2026-02-30', '0000-01-01', '02/12/2026', undefined])
      expect(messageOf(recurringTaskInput.safeParse({ ...input('x'), starts_on: day })), day).toBe(
        'Starts on must be a real date, written YYYY-MM-DD.',
      )
  })
})

describe('occurrencesBetween', () => {
  it('gives every date of the span, however many (a catch-up must not stop at a count)', () => {
    const dates = occurrencesBetween('FREQ=DAILY', '2025-01-01', '2025-01-01', '2026-12-02')
    expect(dates).toHaveLength(701)
    expect(dates.at(-1)).toBe('2026-12-02')
    expect(occurrencesBetween('FREQ=DAILY', '2025-01-01', '2025-01-01', '2026-12-02', 3)).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
    ])
  })
})

// Property tests: the expansion against rrule's own object API and against the calendar itself.
// Dates are whole days on UTC midnights, so no daylight saving (IST has none either) can shift one.
const weekdaySet = fc.uniqueArray(fc.constantFrom(...weekdays), { minLength: 1, maxLength: 7 })
const parts = fc.oneof(
  fc.record({ freq: fc.constant('DAILY' as const), interval: fc.integer({ min: 1, max: 5 }) }),
  fc.record({
    freq: fc.constant('WEEKLY' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    days: weekdaySet,
  }),
  fc.record({
    freq: fc.constant('MONTHLY' as const),
    interval: fc.integer({ min: 1, max: 3 }),
    monthDay: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(-1, -2)),
  }),
)
const rruleDay: Record<Weekday, InstanceType<typeof RRule>['options']['byweekday'][number]> = {
  MO: 0,
  TU: 1,
  WE: 2,
  TH: 3,
  FR: 4,
  SA: 5,
  SU: 6,
}

describe('expansion (property-tested)', () => {
  it('equals rrule run from its options, and formatRule/parseRule round-trip', () => {
    fc.assert(
      fc.property(parts, day, fc.integer({ min: 0, max: 400 }), (p, start, span) => {
        const rp: RuleParts = {
          freq: p.freq,
          interval: p.interval,
          byDay: 'days' in p ? p.days.map((d) => ({ day: d })) : [],
          byMonthDay: 'monthDay' in p ? [p.monthDay] : [],
          byMonth: [],
          bySetPos: [],
          until: null,
          count: null,
        }
        const rule = formatRule(rp)
        expect(formatRule(parseRule(rule)!)).toBe(rule)
        const reference = new RRule({
          freq: RRule[p.freq],
          interval: p.interval,
          dtstart: new Date(`${start}T00:00:00Z`),
          ...('days' in p ? { byweekday: p.days.map((d) => rruleDay[d]) } : {}),
          ...('monthDay' in p ? { bymonthday: p.monthDay } : {}),
        })
        const to = addDays(start, span)
        const expected = reference
          .between(new Date(`${start}T00:00:00Z`), new Date(`${to}T00:00:00Z`), true)
          .map((d) => d.toISOString().slice(0, 10))
        expect(occurrencesBetween(rule, start, start, to)).toEqual(expected)
      }),
      { seed: 20261128, numRuns: 300 },
    )
  })

  it('day 31 (and 29, 30) falls only in the months that have it', () => {
    fc.assert(
      fc.property(fc.constantFrom(29, 30, 31), day, (d, start) => {
        const got = nextOccurrences(`FREQ=MONTHLY;BYMONTHDAY=${d}`, start, start, 24)
        const expected = monthsFrom(start, 60)
          .filter(([y, m]) => lastOfMonth(y, m) >= d)
          .map(([y, m]) => `${y}-${pad(m)}-${pad(d)}`)
          .filter((x) => x >= start)
          .slice(0, 24)
        expect(got).toEqual(expected)
      }),
      { seed: 31, numRuns: 200 },
    )
  })

  it('the last day of the month is 28 or 29 February by leap year', () => {
    fc.assert(
      fc.property(day, (start) => {
        const dates = nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=-1', start, start, 14)
        // Every month from the start's on, once: none skipped, however short.
        expect(dates.map((d) => d.slice(0, 7))).toEqual(
          monthsFrom(start, 14).map(([y, m]) => `${y}-${pad(m)}`),
        )
        for (const d of dates) {
          const [y, m] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))]
          expect(Number(d.slice(8))).toBe(lastOfMonth(y, m))
          if (m === 2) expect(d.slice(8)).toBe((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? '29' : '28')
        }
      }),
      { seed: 29, numRuns: 200 },
    )
    expect(nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-02-01', '2028-02-01', 1)).toEqual([
      '2028-02-29',
    ])
    // 'Monthly on the last day' from a 31st: every month, the 30-day ones and February (leap or not)
    // included, where day 31 skips five months of the twelve.
    expect(nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-12-31', '2026-12-31', 14)).toEqual([
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
    ])
    expect(nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=31', '2026-12-31', '2026-12-31', 8)).toHaveLength(8)
    expect(
      occurrencesBetween('FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-01', '2027-01-01', '2027-12-31'),
    ).toHaveLength(7)
    expect(
      occurrencesBetween('FREQ=MONTHLY;BYMONTHDAY=-1', '2027-01-01', '2027-01-01', '2027-12-31'),
    ).toHaveLength(12)
    expect(
      occurrencesBetween('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-15', '2028-01-15', '2028-04-30'),
    ).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'])
    expect(nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=-1', '2100-02-01', '2100-02-01', 1)).toEqual([
      '2100-02-28',
    ])
    expect(nextOccurrences('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2025-01-01', '2025-01-01', 3)).toEqual([
      '2028-02-29',
      '2032-02-29',
      '2036-02-29',
    ])
  })

  it('the last working day is a weekday with no weekday after it in its month, once a month', () => {
    fc.assert(
      fc.property(day, (start) => {
        const got = nextOccurrences('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', start, start, 13)
        const expected = monthsFrom(start, 15)
          .map(([y, m]) => {
            let d = lastOfMonth(y, m)
            while ([0, 6].includes(isoDay(`${y}-${pad(m)}-${pad(d)}`))) d--
            return `${y}-${pad(m)}-${pad(d)}`
          })
          .filter((x) => x >= start)
          .slice(0, 13)
        expect(got).toEqual(expected)
      }),
      { seed: 5, numRuns: 200 },
    )
  })

  it('a daily rule steps one calendar day, and today in IST is the day of the instant 5:30 ahead', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 86_399 }), (start, seconds) => {
        const got = occurrencesBetween('FREQ=DAILY', start, start, addDays(start, 9))
        expect(got).toEqual(Array.from({ length: 10 }, (_, i) => addDays(start, i)))
        const instant = new Date(new Date(`${start}T00:00:00Z`).getTime() + seconds * 1000)
        const ist = new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10)
        expect(todayIn('Asia/Kolkata', instant)).toBe(ist)
      }),
      { seed: 530, numRuns: 200 },
    )
  })
})
