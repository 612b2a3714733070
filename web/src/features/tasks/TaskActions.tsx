import { TASK_STATUS, taskMessages, taskPermissions } from '@daftar/domain/tasks'
import { Button, Select, Stack, Text, Textarea } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { hasDraft } from '../../ui/drafts.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { type TaskDetail, tasksApi } from './api.ts'
import { FilePicker } from './FilePicker.tsx'
import type { HiddenTasks } from './hidden-tasks.ts'
import classes from './TaskDetail.module.css'

const TaskFormModal = lazy(() => import('./TaskFormModal.tsx'))

type Dialog = 'edit' | 'complete' | 'delete' | 'approve' | 'reject' | 'forward' | null

/** The buttons docs/product.md ("Who may do what on a task") allows, each behind its confirmation dialog. */
export function TaskActions({
  task,
  onClose,
  hidden,
}: {
  task: TaskDetail
  onClose: () => void
  hidden?: HiddenTasks
}) {
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const users = useQuery(usersQuery)
  // A draft kept from an expired session reopens its Edit Task form.
  const [dialog, setDialog] = useState<Dialog>(() => (hasDraft(`task:edit:${task.task_id}`) ? 'edit' : null))
  const [file, setFile] = useState<File | null>(null)
  const [feedback, setFeedback] = useState('')
  const [comment, setComment] = useState('')
  const [forwardTo, setForwardTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!me) return null
  const can = (action: keyof typeof taskPermissions) => taskPermissions[action](task, me.username)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tasks'] })

  async function run(call: () => Promise<unknown>, success: string) {
    setBusy(true)
    try {
      await call()
      notifySuccess(success)
      setDialog(null)
      onClose()
      await refresh()
    } catch (error) {
      notifyError(errorMessage(error, 'An error occurred during the request.'))
    } finally {
      setBusy(false)
    }
  }

  /** Delete and complete hide the task in the list at once, restoring it if the call fails. */
  function optimistic(
    call: () => Promise<unknown>,
    messages: { success: string; failure: string; pending?: string },
  ) {
    setDialog(null)
    onClose()
    if (hidden) void hidden.run(task.task_id, call, messages)
    else
      void call().then(
        () => {
          notifySuccess(messages.success)
          return refresh()
        },
        () => notifyError(messages.failure),
      )
  }

  function complete() {
    const form = new FormData()
    if (file) form.set('completionFile', file)
    if (feedback.trim()) form.set('completionFeedback', feedback.trim())
    optimistic(() => tasksApi.complete(task.task_id, form), {
      pending: taskMessages.submitting,
      success: taskMessages.submitted,
      failure: taskMessages.completeFailed,
    })
  }

  const buttons = [
    can('edit') && (
      <Button key="edit" variant="default" onClick={() => setDialog('edit')}>
        Edit
      </Button>
    ),
    can('forward') && (
      <Button key="forward" variant="default" onClick={() => setDialog('forward')}>
        Forward
      </Button>
    ),
    can('delete') && (
      <Button key="delete" variant="light" color="red" onClick={() => setDialog('delete')}>
        Delete
      </Button>
    ),
    can('complete') && (
      <Button key="complete" onClick={() => setDialog('complete')}>
        Mark as Complete
      </Button>
    ),
    can('approveOrReject') && (
      <Button key="reject" variant="light" color="red" onClick={() => setDialog('reject')}>
        Reject
      </Button>
    ),
    can('approveOrReject') && (
      <Button key="approve" color="teal" onClick={() => setDialog('approve')}>
        Approve
      </Button>
    ),
  ].filter(Boolean)

  return (
    <>
      {buttons.length > 0 && task.status !== TASK_STATUS.deleted && (
        <div className={classes.footer}>{buttons}</div>
      )}
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <TaskFormModal task={task} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={dialog === 'complete'}
        title="Mark the Task as Complete"
        message="The task goes to its creator for approval."
        confirmLabel="Mark as Complete"
        onConfirm={complete}
        onCancel={() => setDialog(null)}
      >
        <Stack gap="sm">
          <FilePicker label="Completion File" value={file} onChange={setFile} />
          <Textarea
            label="Completion Feedback"
            value={feedback}
            onChange={(e) => setFeedback(e.currentTarget.value)}
            autosize
            minRows={3}
          />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete the Task"
        message={`Delete the task '${task.title}'? Its attachment and completion file are deleted too.`}
        confirmLabel="Delete"
        color="red"
        onConfirm={() =>
          optimistic(() => tasksApi.remove(task.task_id), {
            success: taskMessages.deleted,
            failure: taskMessages.deleteFailed,
          })
        }
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'approve'}
        title="Approve the Task"
        message="Approve this task? It moves to the finished tasks, and its attachment is deleted."
        confirmLabel="Approve"
        color="teal"
        busy={busy}
        onConfirm={() => run(() => tasksApi.approve(task.task_id), taskMessages.approved)}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'reject'}
        title="Reject the Task"
        message="The task goes back to its assignee."
        confirmLabel="Reject"
        color="red"
        busy={busy}
        onConfirm={() => run(() => tasksApi.reject(task.task_id, comment.trim()), taskMessages.rejected)}
        onCancel={() => setDialog(null)}
      >
        <Textarea
          label="Rejection Comment"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={3}
        />
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'forward'}
        title="Forward the Task"
        message={<Text size="sm">Pass this task on; the assignment chain keeps you in it.</Text>}
        confirmLabel="Forward"
        busy={busy}
        onConfirm={() => forwardTo && run(() => tasksApi.forward(task.task_id, forwardTo), 'Task forwarded.')}
        onCancel={() => setDialog(null)}
      >
        <Select
          label="Forward to"
          searchable
          data={(users.data ?? [])
            .filter((u) => u.username !== me.username)
            .map((u) => ({ value: u.username, label: `${u.full_name} (${u.username})` }))}
          value={forwardTo}
          onChange={setForwardTo}
          comboboxProps={{ zIndex: 500 }}
        />
      </ConfirmDialog>
    </>
  )
}
