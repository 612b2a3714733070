import '@mantine/dates/styles.css'
import { titleCase } from '@daftar/domain/format'
import { taskMessages } from '@daftar/domain/tasks'
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ApiError, errorMessage, transportMessages } from '../../api/client.ts'
import { clientDropdownQuery, projectDropdownQuery } from '../../api/register-queries.ts'
import { categoriesQuery, useMe, usersQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { useKeepDraft, useRestoredDraft } from '../../ui/drafts.ts'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea, CountedTextInput, DateField } from '../../ui/register-kit/fields.tsx'
import { type TaskDetail, tasksApi } from './api.ts'
import { FileLinks } from './FileLinks.tsx'
import { FilePicker } from './FilePicker.tsx'

interface FormState {
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
}

function initialState(task: TaskDetail | undefined, me: string): FormState {
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
  }
}

/** Create Task and Edit Task (docs/product.md, "Task fields and validation"): the same fields; edit is prefilled and confirmed. */
export default function TaskFormModal({ task, onClose }: { task?: TaskDetail; onClose: () => void }) {
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const users = useQuery(usersQuery)
  const projects = useQuery(projectDropdownQuery)
  const clients = useQuery(clientDropdownQuery)
  const categories = useQuery(categoriesQuery)
  const draftKey = task ? `task:edit:${task.task_id}` : 'task:create'
  const restored = useRestoredDraft<FormState>(draftKey)
  const [initial] = useState<FormState>(() => initialState(task, me?.username ?? ''))
  const [form, setForm] = useState<FormState>(() => restored ?? initial)
  const [attachment, setAttachment] = useState<File | null>(null)
  const [removeAttachment, setRemoveAttachment] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [saved, setSaved] = useState(false)
  const dirty = attachment !== null || removeAttachment || JSON.stringify(form) !== JSON.stringify(initial)
  // Unsaved input asks before the page is left (back, link, reload) and survives an expired session.
  useKeepDraft(draftKey, form, dirty && !saved)
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }))
  const editing = Boolean(task)

  const userOptions = (users.data ?? []).map((u) => ({
    value: u.username,
    label: `${u.full_name} (${u.username})`,
  }))

  // Options carry the record's id, so a chosen project or client is known by its id, never by its
  // name: a free-text name that happens to match a project stays free text.
  function chooseProject(projectId: string) {
    const project = projects.data?.find((p) => p.project_id === projectId)
    if (!project) return
    // A project fills the client from the project and locks it (docs/product.md, "Task fields and validation").
    setForm((f) => ({
      ...f,
      project: project.name,
      projectId: project.project_id,
      client: project.client_name,
      clientId: project.client_id,
    }))
  }

  // Mantine's Autocomplete reports the chosen option's text right after onOptionSubmit: that echo
  // must not undo the choice. Only a different text is typing, which makes the project free text.
  function typeProject(text: string) {
    setForm((f) => {
      if (!f.projectId) return { ...f, project: text }
      if (text === f.project) return f
      return { ...f, project: text, projectId: null, client: '', clientId: null }
    })
  }

  function chooseClient(clientId: string) {
    const client = clients.data?.find((c) => c.client_id === clientId)
    if (client) setForm((f) => ({ ...f, client: client.name, clientId: client.client_id }))
  }

  function typeClient(text: string) {
    setForm((f) => (f.clientId && text === f.client ? f : { ...f, client: text, clientId: null }))
  }

  async function save() {
    setBusy(true)
    setError(null)
    const body = new FormData()
    body.set('title', form.title.trim())
    if (form.assignTo) body.set('assignTo', form.assignTo)
    body.set('cc', JSON.stringify(form.cc))
    if (form.project.trim()) body.set('project', form.projectId ? form.project : titleCase(form.project))
    if (form.projectId) body.set('projectId', form.projectId)
    if (form.client.trim()) body.set('client', form.clientId ? form.client : titleCase(form.client))
    if (form.clientId) body.set('clientId', form.clientId)
    if (form.deadline) body.set('deadline', form.deadline)
    if (form.startDate) body.set('startDate', form.startDate)
    if (form.category) body.set('category', form.category)
    if (form.details.trim()) body.set('details', form.details.trim())
    if (attachment) body.set('attachment', attachment)
    if (removeAttachment && !attachment) body.set('removeAttachment', 'true')
    try {
      const res = task ? await tasksApi.update(task.task_id, body, task.version) : await tasksApi.create(body)
      setSaved(true)
      notifySuccess(res.message)
      await queryClient.invalidateQueries({ queryKey: ['tasks'] })
      onClose()
    } catch (err) {
      const stale = err instanceof ApiError && err.status === 412
      // Offline: 'No response received from server.'; else the server's text or the spec's default.
      setError(
        err instanceof ApiError && err.status === 0
          ? transportMessages.noResponse
          : task && !stale
            ? taskMessages.updateFailed
            : errorMessage(err, taskMessages.createFailed),
      )
      setConfirming(false)
    } finally {
      setBusy(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.title.trim()) return setError(taskMessages.titleRequired)
    if (editing) setConfirming(true)
    else void save()
  }

  return (
    <>
      <Modal
        opened
        onClose={busy ? () => {} : onClose}
        title={editing ? 'Edit Task' : 'Create Task'}
        size="lg"
        centered
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <CountedTextInput
              label="Title"
              required
              value={form.title}
              onChange={(e) => {
                const title = e.currentTarget.value
                set('title', title)
                // A validation message goes as soon as the field is right (issue 10, defect 13).
                if (title.trim() && error === taskMessages.titleRequired) setError(null)
              }}
              error={error === taskMessages.titleRequired ? true : undefined}
              maxLength={300}
              data-autofocus
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Assign To"
                searchable
                data={userOptions}
                value={form.assignTo}
                onChange={(v) => set('assignTo', v)}
                nothingFoundMessage="No such user"
              />
              <MultiSelect
                label="CC"
                searchable
                data={userOptions.filter((o) => o.value !== form.assignTo)}
                value={form.cc}
                onChange={(v) => set('cc', [...new Set(v)])}
                clearable
              />
              <Autocomplete
                label="Project"
                data={(projects.data ?? []).map((p) => ({ value: p.project_id, label: p.name }))}
                value={form.project}
                onChange={typeProject}
                onOptionSubmit={chooseProject}
              />
              <Autocomplete
                label="Client"
                data={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.name }))}
                value={form.client}
                disabled={Boolean(form.projectId)}
                description={form.projectId ? 'Client is set by the selected project' : undefined}
                onChange={typeClient}
                onOptionSubmit={chooseClient}
              />
              <DateField label="Deadline" value={form.deadline} onChange={(v) => set('deadline', v)} />
              <DateField label="Start Date" value={form.startDate} onChange={(v) => set('startDate', v)} />
              <Select
                label="Category"
                placeholder="Select a category"
                data={(categories.data ?? []).map((c) => ({ value: c.category_id, label: c.category_name }))}
                value={form.category}
                onChange={(v) => set('category', v)}
                clearable
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
              value={form.details}
              onChange={(e) => set('details', e.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={10000}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {editing ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating...' : 'Create Task'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <LeaveGuard when={dirty && !saved && !busy} anyChange />
      <ConfirmDialog
        opened={confirming}
        title="Edit Task - Save Changes"
        message="Save the changes to this task? Everyone on it is told."
        confirmLabel="Save Changes"
        busyLabel="Saving..."
        busy={busy}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
