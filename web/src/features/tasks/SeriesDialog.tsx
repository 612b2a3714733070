import { isCalendarDay } from '@daftar/domain/contract'
import {
  choiceOf,
  describeRule,
  nextOccurrences,
  type RecurringTask,
  recurringEndpoints,
  recurringTaskEdit,
  ruleOf,
  ruleProblem,
  sentenceDate,
  startsInReach,
} from '@daftar/domain/recurring'
import { organisationToday } from '@daftar/domain/registers'
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { categoriesQuery, usersQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea, CountedTextInput, DateField } from '../../ui/register-kit/fields.tsx'
import { tasksKey } from './api.ts'
import { RepeatField } from './RepeatField.tsx'
import { categoryOptions, personLabel } from './task-options.ts'

/**
 * The coming dates of the series as the form now holds it: an edit applies from today (docs/decisions.md,
 * "Recurring tasks and reminders"), so they are the rule's dates from today or its start, whichever is
 * later. Null while the rule or the start cannot be read (the fields say why).
 */
export function editedDates(
  rule: string,
  startsOn: string,
  savedStart: string,
  today = organisationToday(),
): string[] | null {
  if (ruleProblem(rule) || !isCalendarDay(startsOn)) return null
  // Nor while the start is one the form refuses: half typed, '01 Oct 2' is the year 2, and walking the
  // rule from then to today took seconds a keystroke.
  if (startsOn !== savedStart && !startsInReach(startsOn, today)) return null
  try {
    return nextOccurrences(rule, startsOn, startsOn > today ? startsOn : today)
  } catch {
    return null
  }
}

const catchUpOptions = [
  { value: 'each', label: 'Create each missed date (marked late)' },
  { value: 'latest', label: 'Create only the latest missed date' },
]

/**
 * A recurring task's detail and edit (docs/decisions.md, "Recurring tasks and reminders"): its owner
 * and admins change, pause or end it; anyone else on it reads it. Ending asks first and keeps the
 * tasks it created.
 */
export function SeriesDialog({ series, onClose }: { series: RecurringTask; onClose: () => void }) {
  const users = useQuery(usersQuery)
  const categories = useQuery(categoriesQuery)
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState<'end' | 'pause' | null>(null)
  const [choice, setChoice] = useState(() => choiceOf(series.rule))
  const f = useSchemaForm({
    // A start already saved stays allowed however far back; a moved one is bounded (docs/decisions.md).
    schema: recurringTaskEdit(series.starts_on),
    initialValues: {
      title: series.title,
      description: series.description ?? '',
      category_id: series.category_id,
      project_id: series.project_id,
      client_id: series.client_id,
      assigned_to: series.assigned_to,
      cc: series.cc,
      rule: series.rule,
      starts_on: series.starts_on,
      deadline_days: series.deadline_days,
      active: series.active,
      catch_up: series.catch_up,
    },
    submit: (body) =>
      call(recurringEndpoints.update, { params: { id: series.series_id }, body, ifMatch: series.version }),
    failed: (error) => errorMessage(error, 'Error updating recurring task'),
    toastErrors: false,
    invalidate: [tasksKey],
    onSuccess: onClose,
  })
  const { values } = f.form
  // Pause, resume and end act at once on the series as saved (unsaved edits in the form stay unsaved).
  const act = useMutation({
    mutationFn: (what: 'end' | 'pause' | 'resume') =>
      what === 'end'
        ? call(recurringEndpoints.remove, { params: { id: series.series_id } })
        : call(recurringEndpoints.update, {
            params: { id: series.series_id },
            body: {
              ...f.form.getInitialValues(),
              description: series.description,
              active: what === 'resume',
            },
            ifMatch: series.version,
          }),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await queryClient.invalidateQueries({ queryKey: tasksKey })
      onClose()
    },
    onError: (error) => notifyError(errorMessage(error, 'Error changing recurring task')),
    onSettled: () => setConfirming(null),
  })
  const people = (users.data ?? []).map((u) => ({ value: u.user_id, label: personLabel(u) }))
  const readOnly = !series.can_edit
  // The saved series' dates until its timing is edited; then the edited rule's, so the line never
  // names dates the sentence above it no longer describes.
  const timingEdited = values.rule !== series.rule || values.starts_on !== series.starts_on
  const next = timingEdited
    ? values.active
      ? editedDates(values.rule, values.starts_on, series.starts_on)
      : []
    : series.next_occurrences

  return (
    <>
      <ModalForm
        f={f}
        onClose={onClose}
        title={readOnly ? 'Recurring task' : 'Edit recurring task'}
        size="lg"
        gap="sm"
        submit={readOnly ? { submitLabel: 'Save Changes', disabled: true } : { submitLabel: 'Save Changes' }}
      >
        <Text size="sm" fw={600} data-testid="series-sentence">
          {describeRule(values.rule, values.starts_on)}
          {values.active ? '' : ' (paused)'}
        </Text>
        <Text size="xs" c="dimmed">
          {next === null
            ? 'No dates until the rule and the start are valid.'
            : next.length
              ? `Next: ${next.map(sentenceDate).join(', ')}`
              : values.active
                ? 'No further dates.'
                : 'Paused: no tasks are created.'}{' '}
          · Owner: {series.owner.full_name}
        </Text>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <CountedTextInput label="Title" required maxLength={300} {...f.form.getInputProps('title')} />
              <Select
                label="Assign To"
                searchable
                clearable
                data={people}
                value={values.assigned_to[0] ?? null}
                onChange={(v) => f.form.setFieldValue('assigned_to', v ? [v] : [])}
                comboboxProps={{ zIndex: 400 }}
              />
              <MultiSelect
                label="CC"
                searchable
                data={people}
                {...f.form.getInputProps('cc')}
                comboboxProps={{ zIndex: 400 }}
              />
              <Select
                label="Category"
                clearable
                data={categoryOptions(categories.data)}
                {...f.form.getInputProps('category_id')}
                comboboxProps={{ zIndex: 400 }}
              />
              <DateField label="Starts on" required {...f.form.getInputProps('starts_on')} />
              <NumberInput
                label="Deadline (days after each date)"
                min={0}
                max={366}
                allowDecimal={false}
                {...f.form.getInputProps('deadline_days')}
              />
            </SimpleGrid>
            <RepeatField
              value={choice}
              onChange={(c) => {
                setChoice(c)
                const rule = ruleOf(c)
                if (rule) f.form.setFieldValue('rule', rule)
              }}
              startsOn={values.starts_on}
              sentence={false}
            />
            <TextInput
              label="Rule (RFC 5545)"
              description="What the choices above write; edit it for a rule they do not offer."
              {...f.form.getInputProps('rule')}
            />
            <Select
              label="When dates were missed (server down)"
              data={catchUpOptions}
              allowDeselect={false}
              {...f.form.getInputProps('catch_up')}
              comboboxProps={{ zIndex: 400 }}
            />
            <CountedTextarea
              label="Details"
              autosize
              minRows={2}
              maxLength={10000}
              {...f.form.getInputProps('description')}
            />
          </Stack>
        </fieldset>
        {!readOnly && (
          <Group gap="sm">
            <Button
              variant="light"
              color={series.active ? 'orange' : 'teal'}
              loading={act.isPending && act.variables === 'resume'}
              onClick={() => (series.active ? setConfirming('pause') : act.mutate('resume'))}
            >
              {series.active ? 'Pause' : 'Resume'}
            </Button>
            <Button variant="light" color="red" onClick={() => setConfirming('end')}>
              End series
            </Button>
          </Group>
        )}
      </ModalForm>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'end' ? 'End recurring task' : 'Pause recurring task'}
        message={
          confirming === 'end'
            ? `End '${series.title}'? No more tasks are created; the ones it created are kept.`
            : `Pause '${series.title}'? No tasks are created until it is resumed.`
        }
        confirmLabel={confirming === 'end' ? 'End series' : 'Pause'}
        busyLabel={confirming === 'end' ? 'Ending...' : 'Pausing...'}
        color={confirming === 'end' ? 'red' : 'orange'}
        busy={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}
