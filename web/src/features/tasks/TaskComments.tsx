import { formatRelativeTime } from '@daftar/domain/format'
import { TASK_STATUS, taskMessages } from '@daftar/domain/tasks'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconMessagePlus } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { type TaskDetail, tasksApi } from './api.ts'

export function TaskComments({ task }: { task: TaskDetail }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [blank, setBlank] = useState(false)
  const closed = task.status === TASK_STATUS.completed || task.status === TASK_STATUS.deleted
  const add = useMutation({
    mutationFn: () => tasksApi.comment(task.task_id, text.trim()),
    onSuccess: async () => {
      notifySuccess(taskMessages.commentAdded)
      setText('')
      setOpen(false)
      await queryClient.invalidateQueries({ queryKey: ['tasks', 'detail', task.task_id] })
    },
    onError: (error) => notifyError(errorMessage(error, 'Error adding comment')),
  })
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
      <ConfirmDialog
        opened={open}
        title="Add Comment"
        message="Your comment is shown to everyone on this task."
        confirmLabel="Add Comment"
        busyLabel="Adding..."
        busy={add.isPending}
        // A blank comment says why nothing happened (issue 10, polish).
        onConfirm={() => (text.trim() ? add.mutate() : setBlank(true))}
        onCancel={() => {
          setOpen(false)
          setBlank(false)
        }}
      >
        <CountedTextarea
          label="Comment"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value)
            if (e.currentTarget.value.trim()) setBlank(false)
          }}
          error={blank ? 'Write a comment first.' : undefined}
          autosize
          minRows={3}
          maxLength={5000}
          data-autofocus
        />
      </ConfirmDialog>
    </Stack>
  )
}
