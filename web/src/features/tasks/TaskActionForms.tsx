import {
  completeTaskInput,
  forwardTaskInput,
  rejectTaskInput,
  taskEndpoints,
  taskMessages,
} from '@daftar/domain/tasks'
import { Select, Stack, Text, Textarea } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { call, transportMessages } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { FormFailure } from '../../ui/form/FormFailure.tsx'
import { FormActions, FormModal } from '../../ui/form/FormModal.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type TaskDetail, tasksKey } from './api.ts'
import { FilePicker } from './FilePicker.tsx'

/** What closes a task action's dialog after it is done: the dialog, then the task's detail. */
interface ActionFormProps {
  task: TaskDetail
  onClose: () => void
  onDone: () => void
}

/**
 * Mark the Task as Complete: the completion file and feedback. The list hides the task at once and
 * brings it back if the call fails (`complete` runs the call the list's way).
 */
export function CompleteTaskModal({
  onClose,
  complete,
}: {
  onClose: () => void
  complete: (fields: { completionFeedback: string | null }, file: File | null) => void
}) {
  const [file, setFile] = useState<File | null>(null)
  const f = useSchemaForm({
    schema: completeTaskInput,
    initialValues: { completionFeedback: '' },
    submit: async (parsed) => complete(parsed, file),
    failed: taskMessages.completeFailed,
    successText: () => false,
    guard: 'search',
    extraDirty: file !== null,
  })
  return (
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} title="Mark the Task as Complete">
      {(requestClose) => (
        <form {...f.formProps}>
          {f.guard}
          <Stack gap="sm">
            <Text size="sm">The task goes to its creator for approval.</Text>
            <FilePicker label="Completion File" value={file} onChange={setFile} />
            <Textarea
              label="Completion Feedback"
              autosize
              minRows={3}
              {...f.form.getInputProps('completionFeedback')}
            />
            <FormActions onCancel={requestClose} busy={f.busy} submitLabel="Mark as Complete" />
          </Stack>
        </form>
      )}
    </FormModal>
  )
}

/** Reject the Task, with an optional Rejection Comment: the task goes back to its assignee. */
export function RejectTaskModal({ task, onClose, onDone }: ActionFormProps) {
  const f = useSchemaForm({
    schema: rejectTaskInput,
    initialValues: { rejectionComment: '' },
    submit: (parsed) => call(taskEndpoints.reject, { params: { id: task.task_id }, body: parsed }),
    failed: transportMessages.requestFailed,
    successText: () => taskMessages.rejected,
    invalidate: [tasksKey],
    onSuccess: onDone,
    guard: 'search',
  })
  return (
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} title="Reject the Task">
      {(requestClose) => (
        <form {...f.formProps}>
          {f.guard}
          <Stack gap="sm">
            <FormFailure failure={f.failure} />
            <Text size="sm">The task goes back to its assignee.</Text>
            <Textarea
              label="Rejection Comment"
              autosize
              minRows={3}
              data-autofocus
              {...f.form.getInputProps('rejectionComment')}
            />
            <FormActions onCancel={requestClose} busy={f.busy} submitLabel="Reject" />
          </Stack>
        </form>
      )}
    </FormModal>
  )
}

/** Forward the Task: its current assignee passes it on, and stays in its assignment chain. */
export function ForwardTaskModal({ task, onClose, onDone }: ActionFormProps) {
  const { data: me } = useMe()
  const users = useQuery(usersQuery)
  const f = useSchemaForm({
    schema: forwardTaskInput,
    initialValues: { assignTo: '' },
    submit: (parsed) => call(taskEndpoints.forward, { params: { id: task.task_id }, body: parsed }),
    failed: transportMessages.requestFailed,
    successText: () => 'Task forwarded.',
    invalidate: [tasksKey],
    onSuccess: onDone,
    guard: 'search',
  })
  return (
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} title="Forward the Task">
      {(requestClose) => (
        <form {...f.formProps}>
          {f.guard}
          <Stack gap="sm">
            <FormFailure failure={f.failure} />
            <Text size="sm">Pass this task on; the assignment chain keeps you in it.</Text>
            <Select
              label="Forward to"
              searchable
              selectFirstOptionOnChange
              data-autofocus
              data={(users.data ?? [])
                .filter((u) => u.username !== me?.username)
                .map((u) => ({ value: u.username, label: `${u.full_name} (${u.username})` }))}
              comboboxProps={{ zIndex: 500 }}
              {...f.form.getInputProps('assignTo')}
              value={f.form.values.assignTo || null}
              onChange={(v) => f.form.setFieldValue('assignTo', v ?? '')}
            />
            <FormActions onCancel={requestClose} busy={f.busy} submitLabel="Forward" />
          </Stack>
        </form>
      )}
    </FormModal>
  )
}
