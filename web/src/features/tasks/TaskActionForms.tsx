import {
  completeTaskInput,
  forwardTaskInput,
  rejectTaskInput,
  taskEndpoints,
  taskMessages,
} from '@daftar/domain/tasks'
import { Select, Text, Textarea } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { call, transportMessages } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { keepDraft } from '../../ui/drafts.ts'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type TaskDetail, tasksKey } from './api.ts'
import { FilePicker } from './FilePicker.tsx'
import { personLabel } from './task-options.ts'

/** What closes a task action's dialog after it is done: the dialog, then the task's detail. */
interface ActionFormProps {
  task: TaskDetail
  onClose: () => void
  onDone: () => void
}

/** Where a completion whose call failed is kept until its task's dialog opens again. */
const completionDraft = (taskId: string) => `task:complete:${taskId}`
const failedFiles = new Map<string, File>()

/**
 * A completion whose call failed: the dialog had closed at once, so its feedback and file are kept for
 * the next time it opens on this task (the feedback in session storage, which also outlives an expired
 * session; the file in memory, which session storage cannot hold).
 */
export function keepFailedCompletion(taskId: string, feedback: string | null, file: File | null) {
  keepDraft(completionDraft(taskId), { completionFeedback: feedback ?? '' })
  if (file) failedFiles.set(taskId, file)
}

/**
 * Mark the Task as Complete: the completion file and feedback. The list hides the task at once and
 * brings it back if the call fails (`complete` runs the call the list's way, and keeps what was typed
 * for another try: `keepFailedCompletion`).
 */
export function CompleteTaskModal({
  taskId,
  onClose,
  complete,
}: {
  taskId: string
  onClose: () => void
  complete: (fields: { completionFeedback: string | null }, file: File | null) => void
}) {
  const [file, setFile] = useState<File | null>(() => failedFiles.get(taskId) ?? null)
  useEffect(() => {
    failedFiles.delete(taskId)
  }, [taskId])
  const f = useSchemaForm({
    schema: completeTaskInput,
    initialValues: { completionFeedback: '' },
    submit: async (parsed) => complete(parsed, file),
    failed: taskMessages.completeFailed,
    successText: () => false,
    guard: 'search',
    extraDirty: file !== null,
    draftKey: completionDraft(taskId),
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title="Mark the Task as Complete"
      gap="sm"
      // The list says when completing fails, as it brings the task back (`complete`).
      failure={null}
      submit={{ submitLabel: 'Mark as Complete' }}
    >
      <Text size="sm">The task goes to its creator for approval.</Text>
      <FilePicker label="Completion File" value={file} onChange={setFile} />
      <Textarea
        label="Completion Feedback"
        autosize
        minRows={3}
        {...f.form.getInputProps('completionFeedback')}
      />
    </ModalForm>
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
    <ModalForm f={f} onClose={onClose} title="Reject the Task" gap="sm" submit={{ submitLabel: 'Reject' }}>
      <Text size="sm">The task goes back to its assignee.</Text>
      <Textarea
        label="Rejection Comment"
        autosize
        minRows={3}
        data-autofocus
        {...f.form.getInputProps('rejectionComment')}
      />
    </ModalForm>
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
    <ModalForm f={f} onClose={onClose} title="Forward the Task" gap="sm" submit={{ submitLabel: 'Forward' }}>
      <Text size="sm">Pass this task on; the assignment chain keeps you in it.</Text>
      <Select
        label="Forward to"
        searchable
        selectFirstOptionOnChange
        data-autofocus
        data={(users.data ?? [])
          .filter((u) => u.username !== me?.username)
          .map((u) => ({ value: u.username, label: personLabel(u) }))}
        comboboxProps={{ zIndex: 500 }}
        {...f.form.getInputProps('assignTo')}
        value={f.form.values.assignTo || null}
        onChange={(v) => f.form.setFieldValue('assignTo', v ?? '')}
      />
    </ModalForm>
  )
}
