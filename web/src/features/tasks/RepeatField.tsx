import {
  dayNames,
  describeRule,
  type Frequency,
  type RepeatChoice,
  type RepeatPreset,
  repeatPresetLabels,
  repeatPresets,
  ruleOf,
  type Weekday,
  weekdays,
} from '@daftar/domain/recurring'
import { Chip, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { DateField } from '../../ui/register-kit/fields.tsx'

export const noRepeat: RepeatChoice = {
  preset: 'none',
  days: [],
  monthDay: 1,
  interval: 1,
  freq: 'WEEKLY',
  until: null,
}

const units: { value: Frequency; label: string }[] = [
  { value: 'DAILY', label: 'days' },
  { value: 'WEEKLY', label: 'weeks' },
  { value: 'MONTHLY', label: 'months' },
  { value: 'YEARLY', label: 'years' },
]

/** The weekday of a YYYY-MM-DD day. */
export const weekdayOf = (day: string): Weekday =>
  weekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!

/** The days of a weekly rule; the last one stays on (no day would run on the start's, unseen). */
function DayChips({ value, onChange }: { value: Weekday[]; onChange: (days: Weekday[]) => void }) {
  return (
    <Chip.Group multiple value={value} onChange={(v) => v.length > 0 && onChange(v as Weekday[])}>
      <Group gap={6} role="group" aria-label="Repeat on">
        {weekdays.map((d) => (
          <Chip key={d} value={d} size="xs">
            {dayNames[d]}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  )
}

/** A whole count from 1 to `max` (the day of the month, the interval): cleared, it reads 1 again. */
function CountInput({
  onChange,
  ...input
}: {
  label: string
  max: number
  value: number
  onChange: (count: number) => void
  description?: string
}) {
  return (
    <NumberInput
      {...input}
      min={1}
      clampBehavior="strict"
      allowDecimal={false}
      onChange={(v) => onChange(Number(v) || 1)}
    />
  )
}

/**
 * Create Task's 'Repeat' (docs/decisions.md, "Recurring tasks and reminders"): None, Daily, Weekdays,
 * Weekly on…, Monthly on day…, Monthly on the last day, Monthly on the last working day, Custom; the
 * rule's sentence beneath.
 */
export function RepeatField({
  value,
  onChange,
  startsOn,
  sentence = true,
}: {
  value: RepeatChoice
  onChange: (choice: RepeatChoice) => void
  /** The first date (what 'Weekly on…' and 'Monthly on day…' start from). */
  startsOn: string
  /** The rule's sentence beneath (the series dialog shows it at its top instead). */
  sentence?: boolean
}) {
  const set = (over: Partial<RepeatChoice>) => onChange({ ...value, ...over })
  const choose = (preset: RepeatPreset) =>
    set({
      preset,
      days: value.days.length ? value.days : [weekdayOf(startsOn)],
      monthDay:
        preset === 'monthlyDay' && value.preset !== 'monthlyDay' ? Number(startsOn.slice(8)) : value.monthDay,
    })
  const rule = ruleOf(value)
  return (
    <Stack gap="xs">
      <Select
        label="Repeat"
        data={repeatPresets.map((p) => ({ value: p, label: repeatPresetLabels[p] }))}
        value={value.preset}
        onChange={(v) => v && choose(v as RepeatPreset)}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
      />
      {value.preset === 'weekly' && <DayChips value={value.days} onChange={(days) => set({ days })} />}
      {value.preset === 'monthlyDay' && (
        <CountInput
          label="Day of the month"
          max={31}
          value={value.monthDay}
          onChange={(monthDay) => set({ monthDay })}
          description="In a month without that day (31 in April) there is no task: for the end of every month, choose 'Monthly on the last day'."
        />
      )}
      {value.preset === 'custom' && (
        <>
          <SimpleGrid cols={2}>
            <CountInput
              label="Every"
              max={99}
              value={value.interval}
              onChange={(interval) => set({ interval })}
            />
            <Select
              label="Unit"
              data={units}
              value={value.freq}
              onChange={(v) => v && set({ freq: v as Frequency })}
              allowDeselect={false}
              comboboxProps={{ zIndex: 400 }}
            />
          </SimpleGrid>
          {value.freq === 'WEEKLY' && <DayChips value={value.days} onChange={(days) => set({ days })} />}
        </>
      )}
      {value.preset !== 'none' && (
        <DateField
          label="Until"
          placeholder="No end"
          value={value.until}
          onChange={(v) => set({ until: v ? String(v).slice(0, 10) : null })}
        />
      )}
      {rule && sentence && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="repeat-sentence">
          {describeRule(rule, startsOn)}
        </Text>
      )}
    </Stack>
  )
}
