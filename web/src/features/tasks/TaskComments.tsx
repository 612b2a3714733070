import { formatRelativeTime } from '@daftar/domain/format'
import { commentInput, TASK_STATUS, taskEndpoints, taskMessages } from '@daftar/domain/tasks'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconMessagePlus } from '@tabler/icons-react'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { hasDraft } from '../../ui/drafts.ts'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { type TaskDetail, tasksKey } from './api.ts'

/** Names the comment's draft, kept if the session expires while it is written. */
const commentDraft = (taskId: string) => `task:comment:${taskId}`

/**
 * Add Comment: the form hook refuses a second click in the same tick, and the server answers a
 * repeated identical comment with the first one, so a double click adds one comment.
 */
function AddCommentModal({ task, onClose }: { task: TaskDetail; onClose: () => void }) {
  const f = useSchemaForm({
    schema: commentInput,
    initialValues: { task_id: task.task_id, comment_text: '' },
    submit: (body) => call(taskEndpoints.comment, { body }),
    failed: 'Error adding comment',
    successText: () => taskMessages.commentAdded,
    invalidate: [[...tasksKey, 'detail', task.task_id]],
    onSuccess: onClose,
    guard: 'search',
    draftKey: commentDraft(task.task_id),
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title="Add Comment"
      gap="sm"
      // A failed comment is said by the toast alone.
      failure={null}
      submit={{ submitLabel: 'Add Comment' }}
    >
      <Text size="sm">Your comment is shown to everyone on this task.</Text>
      <CountedTextarea
        label="Comment"
        autosize
        minRows={3}
        maxLength={5000}
        data-autofocus
        {...f.form.getInputProps('comment_text')}
        // A blank comment says why nothing happened.
        error={f.form.errors.comment_text ? 'Write a comment first.' : undefined}
      />
    </ModalForm>
  )
}

export function TaskComments({ task }: { task: TaskDetail }) {
  // A comment kept from an expired session opens again, as Edit Task does.
  const [open, setOpen] = useState(() => hasDraft(commentDraft(task.task_id)))
  const closed = task.status === TASK_STATUS.completed || task.status === TASK_STATUS.deleted
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>Comments</Title>
        {!closed && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconMessagePlus size={14} />}
            onClick={() => setOpen(true)}
          >
            Add Comment
          </Button>
        )}
      </Group>
      {task.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : (
        task.comments.map((c) => (
          <Paper key={c.comment_id} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {c.username}
              </Text>
              <Text size="xs" c="dimmed" title={new Date(c.created_at).toLocaleString('en-GB')}>
                {formatRelativeTime(c.created_at)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.comment_text}
            </Text>
          </Paper>
        ))
      )}
      {open && <AddCommentModal task={task} onClose={() => setOpen(false)} />}
    </Stack>
  )
}
