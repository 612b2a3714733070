import '@mantine/dates/styles.css'
import { titleCase } from '@daftar/domain/format'
import { type RepeatChoice, recurringEndpoints, ruleOf } from '@daftar/domain/recurring'
import { organisationToday } from '@daftar/domain/registers'
import { taskEndpoints, taskFormInput, taskMessages } from '@daftar/domain/tasks'
import { Autocomplete, Checkbox, Group, MultiSelect, Select, SimpleGrid, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type FocusEvent, type KeyboardEvent, type PointerEvent, useState } from 'react'
import { ApiError, call, errorMessage, transportMessages } from '../../api/client.ts'
import { clientDropdownQuery, projectDropdownQuery } from '../../api/register-queries.ts'
import { categoriesQuery, useMe, usersQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea, CountedTextInput, DateField } from '../../ui/register-kit/fields.tsx'
import { type TaskDetail, tasksKey } from './api.ts'
import { FileLinks } from './FileLinks.tsx'
import { FilePicker } from './FilePicker.tsx'
import { noRepeat, RepeatField } from './RepeatField.tsx'
import { categoryOptions, personLabel } from './task-options.ts'

interface TaskFormValues {
  title: string
  assignTo: string | null
  cc: string[]
  project: string
  projectId: string | null
  client: string
  clientId: string | null
  deadline: string | null
  startDate: string | null
  category: string | null
  details: string
  /** Create Task only: None, or the rule of a recurring task (docs/decisions.md, "Recurring tasks and reminders"). */
  repeat: RepeatChoice
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

function initialValues(task: TaskDetail | undefined, me: string): TaskFormValues {
  return {
    title: task?.title ?? '',
    assignTo: task ? task.assignment_chain.at(-1)! : me,
    cc: task?.cc ?? [],
    project: task?.project ?? '',
    projectId: task?.project_id ?? null,
    client: task?.client ?? '',
    clientId: task?.client_id ?? null,
    deadline: task?.deadline ?? null,
    startDate: task?.start_date ?? null,
    category: task?.category_id ?? null,
    details: task?.details ?? '',
    repeat: noRepeat,
  }
}

/** Pickers focused and not yet typed in: their first key replaces the whole text (`picker`). */
const untouched = new WeakSet<HTMLInputElement>()

/**
 * A picker's whole text is selected when it gets the focus, so typing searches afresh instead of
 * being appended to the chosen name; the first match is highlighted as one types, and Enter picks it
 * (docs/decisions.md, "Tasks on the new pieces"). The first key typed selects the text again: the
 * chosen name may have appeared after the focus (the people list still on its way), and the
 * selection made then held nothing. A click in the text once focused places the caret as usual.
 */
function picker<P extends object>(
  props: P & {
    onFocus?: (event: FocusEvent<HTMLInputElement>) => void
    onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
    onPointerDown?: (event: PointerEvent<HTMLInputElement>) => void
  },
) {
  return {
    ...props,
    selectFirstOptionOnChange: true,
    comboboxProps: { zIndex: 400 },
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      props.onFocus?.(event)
      event.currentTarget.select()
      untouched.add(event.currentTarget)
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      props.onKeyDown?.(event)
      const typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
      if (untouched.delete(event.currentTarget) && typed) event.currentTarget.select()
    },
    // A click in the text places the caret there: the next key types at it.
    onPointerDown: (event: PointerEvent<HTMLInputElement>) => {
      props.onPointerDown?.(event)
      if (document.activeElement === event.currentTarget) untouched.delete(event.currentTarget)
    },
  }
}

/** An edit's failure: the spec's words, except a stale version or a dead line, which say what happened. */
function editFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 0) return transportMessages.noResponse
  if (error instanceof ApiError && error.status === 412) return errorMessage(error, taskMessages.updateFailed)
  return taskMessages.updateFailed
}

/** Create Task and Edit Task (docs/product.md, "Task fields and validation"): the same fields; edit is prefilled and confirmed. */
export default function TaskFormModal({
  task,
  onClose,
  repeat,
}: {
  task?: TaskDetail
  onClose: () => void
  /** The Repeat it opens with ('New recurring task' opens it on Weekly). */
  repeat?: RepeatChoice
}) {
  const { data: me } = useMe()
  const users = useQuery(usersQuery)
  const projects = useQuery(projectDropdownQuery)
  const clients = useQuery(clientDropdownQuery)
  const categories = useQuery(categoriesQuery)
  const [attachment, setAttachment] = useState<File | null>(null)
  const [removeAttachment, setRemoveAttachment] = useState(false)
  const editing = Boolean(task)

  const f = useSchemaForm({
    schema: taskFormInput,
    initialValues: { ...initialValues(task, me?.username ?? ''), ...(repeat ? { repeat } : {}) },
    submit: (parsed, values, requestKey): Promise<{ message: string }> => {
      const fields = {
        title: parsed.title,
        assignTo: parsed.assignTo,
        cc: JSON.stringify(parsed.cc),
        // Free text is title-cased with its capitals kept; a chosen record keeps its own name.
        project: parsed.project && (values.projectId ? parsed.project : titleCase(parsed.project)),
        projectId: parsed.projectId,
        client: parsed.client && (values.clientId ? parsed.client : titleCase(parsed.client)),
        clientId: parsed.clientId,
        deadline: parsed.deadline,
        startDate: parsed.startDate,
        category: parsed.category,
        details: parsed.details,
        removeAttachment: removeAttachment && !attachment ? ('true' as const) : undefined,
      }
      const files = { attachment }
      const rule = task ? null : ruleOf(values.repeat)
      if (rule) {
        // A repeating task is a recurring task: its first date is the start date (else the deadline,
        // else today) and each task's deadline is as far from its date as this one's (docs/decisions.md).
        const startsOn = parsed.startDate ?? parsed.deadline ?? organisationToday()
        const idOf = (username: string) => users.data?.find((u) => u.username === username)?.user_id
        const assignee = parsed.assignTo ? idOf(parsed.assignTo) : undefined
        return call(recurringEndpoints.create, {
          body: {
            title: parsed.title,
            description: parsed.details,
            category_id: parsed.category,
            project_id: parsed.projectId,
            client_id: parsed.clientId,
            assigned_to: assignee ? [assignee] : [],
            cc: parsed.cc.flatMap((u) => idOf(u) ?? []),
            rule,
            starts_on: startsOn,
            deadline_days: parsed.deadline ? Math.max(0, daysBetween(startsOn, parsed.deadline)) : 0,
            active: true,
            catch_up: 'each',
          },
          idempotencyKey: requestKey,
        })
      }
      return task
        ? call(taskEndpoints.update, {
            params: { id: task.task_id },
            fields,
            files,
            ifMatch: task.version,
          })
        : call(taskEndpoints.create, { fields, files, idempotencyKey: requestKey })
    },
    failed: task ? editFailure : (error) => errorMessage(error, taskMessages.createFailed),
    toastErrors: false,
    invalidate: [tasksKey],
    onSuccess: onClose,
    draftKey: task ? `task:edit:${task.task_id}` : 'task:create',
    guard: 'search',
    extraDirty: attachment !== null || removeAttachment,
    needsConfirm: () => editing,
  })
  const { values } = f.form

  const userOptions = (users.data ?? []).map((u) => ({ value: u.username, label: personLabel(u) }))

  // Options carry the record's id, so a chosen project or client is known by its id, never by its
  // name: a free-text name that happens to match a project stays free text.
  function chooseProject(projectId: string) {
    const project = projects.data?.find((p) => p.project_id === projectId)
    if (!project) return
    // A project fills the client from the project and locks it (docs/product.md, "Task fields and validation").
    f.form.setValues({
      project: project.name,
      projectId: project.project_id,
      client: project.client_name,
      clientId: project.client_id,
    })
  }

  // Mantine's Autocomplete reports the chosen option's text right after onOptionSubmit: that echo
  // must not undo the choice. Only a different text is typing, which makes the project free text.
  function typeProject(text: string) {
    const current = f.form.getValues()
    if (!current.projectId) return f.form.setFieldValue('project', text)
    if (text === current.project) return
    f.form.setValues({ project: text, projectId: null, client: '', clientId: null })
  }

  function chooseClient(clientId: string) {
    const client = clients.data?.find((c) => c.client_id === clientId)
    if (client) f.form.setValues({ client: client.name, clientId: client.client_id })
  }

  function typeClient(text: string) {
    const current = f.form.getValues()
    if (current.clientId && text === current.client) return
    f.form.setValues({ client: text, clientId: null })
  }

  return (
    <>
      <ModalForm
        f={f}
        onClose={onClose}
        title={editing ? 'Edit Task' : 'Create Task'}
        size="lg"
        gap="sm"
        submit={{
          submitLabel: editing ? 'Save Changes' : 'Create Task',
          busyLabel: editing ? 'Saving...' : 'Creating...',
          mt: 'xs',
        }}
      >
        <CountedTextInput
          label="Title"
          required
          maxLength={300}
          data-autofocus
          {...f.form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Assign To"
            searchable
            data={userOptions}
            nothingFoundMessage="No such user"
            {...picker(f.form.getInputProps('assignTo'))}
          />
          <MultiSelect
            label="CC"
            searchable
            data={userOptions.filter((o) => o.value !== values.assignTo)}
            clearable
            {...picker(f.form.getInputProps('cc'))}
            onChange={(v) => f.form.setFieldValue('cc', [...new Set(v)])}
          />
          <Autocomplete
            label="Project"
            data={(projects.data ?? []).map((p) => ({ value: p.project_id, label: p.name }))}
            {...picker({
              value: values.project,
              onChange: typeProject,
              onOptionSubmit: chooseProject,
            })}
          />
          <Autocomplete
            label="Client"
            data={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.name }))}
            value={values.client}
            disabled={Boolean(values.projectId)}
            description={values.projectId ? 'Client is set by the selected project' : undefined}
            {...picker({ onChange: typeClient, onOptionSubmit: chooseClient })}
          />
          <DateField label="Deadline" {...f.form.getInputProps('deadline')} />
          <DateField label="Start Date" {...f.form.getInputProps('startDate')} />
          <Select
            label="Category"
            placeholder="Select a category"
            data={categoryOptions(categories.data)}
            clearable
            searchable
            {...picker(f.form.getInputProps('category'))}
          />
          <FilePicker label="Attachment" value={attachment} onChange={setAttachment} />
        </SimpleGrid>
        {task?.attachment && !attachment && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              Current attachment:
            </Text>
            <FileLinks fileKey={task.attachment} bucketType="attachment" label="Current attachment" />
            <Checkbox
              label="Remove it"
              checked={removeAttachment}
              onChange={(e) => setRemoveAttachment(e.currentTarget.checked)}
            />
          </Group>
        )}
        <CountedTextarea
          label="Details"
          autosize
          minRows={3}
          maxLength={10000}
          {...f.form.getInputProps('details')}
        />
        {!editing && (
          <RepeatField
            value={values.repeat}
            onChange={(repeat) => f.form.setFieldValue('repeat', repeat)}
            startsOn={values.startDate ?? values.deadline ?? organisationToday()}
          />
        )}
      </ModalForm>
      <ConfirmDialog
        opened={f.confirming}
        title="Edit Task - Save Changes"
        message="Save the changes to this task? Everyone on it is told."
        confirmLabel="Save Changes"
        busyLabel="Saving..."
        busy={f.busy}
        onConfirm={f.confirm}
        onCancel={f.cancelConfirm}
      />
    </>
  )
}
