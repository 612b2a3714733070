import { Alert, Group, Loader, Modal, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../api/client.ts'
import { useReturnFocus } from '../../ui/use-return-focus.ts'
import { type ClosedKind, taskDetailQuery } from './api.ts'
import type { HiddenTasks } from './hidden-tasks.ts'
import classes from './TaskDetail.module.css'
import { TaskDetailBody } from './TaskDetailBody.tsx'

interface Props {
  taskId: string
  onClose: () => void
  /** Set on the finished and deleted lists: the detail comes from their endpoints. */
  kind?: ClosedKind
  hidden?: HiddenTasks
}

/** Opens over the task lists; closes on browser back, on the X or on the overlay (docs/product.md, "The task list"). */
export default function TaskDetailModal({ taskId, onClose, kind, hidden }: Props) {
  const task = useQuery(taskDetailQuery(taskId, kind))
  useReturnFocus()
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={null}
      withCloseButton={false}
      padding={0}
      radius="lg"
      classNames={{ inner: classes.modalInner }}
    >
      {task.isPending ? (
        <Group p="xl" gap="sm" justify="center">
          <Loader size="sm" />
          <Text c="dimmed">Loading task details...</Text>
        </Group>
      ) : task.isError ? (
        <Alert m="lg" color="red" role="alert" withCloseButton onClose={onClose}>
          Error fetching task details: {errorMessage(task.error, 'Unknown error')}
        </Alert>
      ) : (
        <TaskDetailBody task={task.data} onClose={onClose} hidden={hidden} />
      )}
    </Modal>
  )
}
