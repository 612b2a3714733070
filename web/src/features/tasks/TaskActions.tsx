import { TASK_STATUS, taskEndpoints, taskMessages, taskPermissions } from '@daftar/domain/tasks'
import { Button } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { call, errorMessage, transportMessages } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { hasDraft } from '../../ui/drafts.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { useOnceMutation } from '../../ui/use-once-mutation.ts'
import { tasksKey } from './api.ts'
import {
  CompleteTaskModal,
  ForwardTaskModal,
  keepFailedCompletion,
  RejectTaskModal,
} from './TaskActionForms.tsx'
import classes from './TaskDetail.module.css'
import type { OpenTaskProps } from './TaskDetailBody.tsx'

const TaskFormModal = lazy(() => import('./TaskFormModal.tsx'))

type Dialog = 'edit' | 'complete' | 'delete' | 'approve' | 'reject' | 'forward' | null

/** The buttons docs/product.md ("Who may do what on a task") allows, each behind its confirmation dialog. */
export function TaskActions({ task, onClose, hidden }: OpenTaskProps) {
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  // A draft kept from an expired session reopens its Edit Task form.
  const [dialog, setDialog] = useState<Dialog>(() => (hasDraft(`task:edit:${task.task_id}`) ? 'edit' : null))
  // Approving refuses a second click in the same tick, before the busy state renders.
  const approval = useOnceMutation({
    mutationFn: () => call(taskEndpoints.approve, { params: { id: task.task_id } }),
    onSuccess: async () => {
      notifySuccess(taskMessages.approved)
      setDialog(null)
      onClose()
      await queryClient.invalidateQueries({ queryKey: tasksKey })
    },
    onError: (error) => notifyError(errorMessage(error, transportMessages.requestFailed)),
  })
  if (!me) return null
  const can = (action: keyof typeof taskPermissions) => taskPermissions[action](task, me.username)
  const refresh = () => queryClient.invalidateQueries({ queryKey: tasksKey })
  const done = () => {
    setDialog(null)
    onClose()
  }

  /** Delete and complete hide the task in the list at once, restoring it if the call fails. */
  function optimistic(
    request: () => Promise<unknown>,
    messages: { success: string; failure: string; pending?: string },
  ) {
    done()
    if (hidden) void hidden.run(task.task_id, request, messages)
    else
      void request().then(
        () => {
          notifySuccess(messages.success)
          return refresh()
        },
        () => notifyError(messages.failure),
      )
  }

  function complete(fields: { completionFeedback: string | null }, file: File | null) {
    optimistic(
      () =>
        call(taskEndpoints.complete, {
          params: { id: task.task_id },
          fields,
          files: { completionFile: file },
        }).catch((error: unknown) => {
          // The dialog closed at once: what was typed waits for the next try instead of being lost.
          keepFailedCompletion(task.task_id, fields.completionFeedback, file)
          throw error
        }),
      {
        pending: taskMessages.submitting,
        success: taskMessages.submitted,
        failure: taskMessages.completeFailed,
      },
    )
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
      {dialog === 'complete' && (
        <CompleteTaskModal taskId={task.task_id} onClose={() => setDialog(null)} complete={complete} />
      )}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete the Task"
        message={`Delete the task '${task.title}'? Its attachment and completion file are deleted too.`}
        confirmLabel="Delete"
        color="red"
        onConfirm={() =>
          optimistic(() => call(taskEndpoints.remove, { params: { id: task.task_id } }), {
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
        busy={approval.isPending}
        onConfirm={() => approval.run()}
        onCancel={() => setDialog(null)}
      />
      {dialog === 'reject' && <RejectTaskModal task={task} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'forward' && <ForwardTaskModal task={task} onClose={() => setDialog(null)} onDone={done} />}
    </>
  )
}
