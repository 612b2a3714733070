import { DEFAULT_CATEGORY_COLOR } from '@daftar/domain/categories'
import { formatDate, formatDateTime } from '@daftar/domain/format'
import { seriesLine } from '@daftar/domain/recurring'
import { TASK_STATUS } from '@daftar/domain/tasks'
import { Anchor, Badge, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconListDetails, IconRepeat } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { type CSSProperties, Fragment, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { HistoryTabs } from '../../ui/history/HistoryTabs.tsx'
import { recordHref } from '../../ui/register-kit/roots.ts'
import type { TaskDetail } from './api.ts'
import { FileLinks } from './FileLinks.tsx'
import type { HiddenTasks } from './hidden-tasks.ts'
import { taskSeriesQuery } from './recurring-api.ts'
import { TaskActions } from './TaskActions.tsx'
import { TaskComments } from './TaskComments.tsx'
import classes from './TaskDetail.module.css'

const statusColor: Record<string, string> = {
  [TASK_STATUS.inProgress]: 'blue',
  [TASK_STATUS.pendingApproval]: 'orange',
  [TASK_STATUS.completed]: 'teal',
  [TASK_STATUS.deleted]: 'gray',
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <div className={classes.label}>{label}</div>
      <div>{children}</div>
    </>
  )
}

/** 'Repeats weekly on Mon — next 2 Dec 2026' on a task of a recurring series (docs/decisions.md). */
function SeriesLine({ taskId, late }: { taskId: string; late: boolean }) {
  const series = useQuery(taskSeriesQuery(taskId)).data?.series
  if (!series) return null
  return (
    <Group gap={6} wrap="nowrap" mt={6} data-testid="series-line">
      <IconRepeat size={14} aria-hidden />
      <Text size="xs" c="dimmed">
        {seriesLine(series.rule, series.starts_on, series.next_occurrence)}
        {series.active ? '' : ' (paused)'}
        {late ? ' · created late' : ''}
      </Text>
    </Group>
  )
}

/** An open task, how to close it, and the list's hidden tasks (Complete hides the task there at once). */
export interface OpenTaskProps {
  task: TaskDetail
  onClose: () => void
  hidden?: HiddenTasks
}

export function TaskDetailBody({ task, onClose, hidden }: OpenTaskProps) {
  const pending = task.status === TASK_STATUS.pendingApproval
  const [showDetails, setShowDetails] = useState(!pending)
  const nameOf = (username: string) => task.people[username]?.full_name ?? username
  const text = (value: string | null) =>
    value ? (
      <Text size="sm">{value}</Text>
    ) : (
      <Text size="sm" c="dimmed">
        N/A
      </Text>
    )

  return (
    <>
      <div className={classes.header}>
        <div
          className={classes.title}
          style={{ '--category-color': task.category_color ?? DEFAULT_CATEGORY_COLOR } as CSSProperties}
        >
          <Title order={3} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
            {task.title}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge color={statusColor[task.status]} variant="light">
              {task.status}
            </Badge>
            {task.edited_at && (
              <Text size="xs" c="dimmed">
                Edited {formatDateTime(task.edited_at)}
              </Text>
            )}
          </Group>
          {task.series_id && <SeriesLine taskId={task.task_id} late={task.created_late} />}
        </div>
        <CloseButton aria-label="Close task" onClick={onClose} size="lg" />
      </div>
      <div className={classes.body}>
        {/* The task and its History (docs/decisions.md, "History and activity"). */}
        <HistoryTabs
          tab={{ value: 'details', label: 'Details', icon: <IconListDetails size={16} /> }}
          entityType="TASK"
          entityId={task.task_id}
        >
          <Stack gap="md">
            {task.rejection_comments && (
              <div className={classes.rejection} role="note" aria-label="Rejection comment">
                <Text size="xs" fw={700} c="red.8" tt="uppercase">
                  Rejection comment
                </Text>
                <Text size="sm">{task.rejection_comments}</Text>
              </div>
            )}
            <div className={classes.grid}>
              {task.status === TASK_STATUS.deleted && (
                <Field label="Deleted At">{text(formatDateTime(task.deletion_date))}</Field>
              )}
              {task.status === TASK_STATUS.completed && (
                <Field label="Approved At">{text(formatDateTime(task.approved_at))}</Field>
              )}
              {/* Submitted, and kept once approved (docs/product.md, "Task lifecycle"): the completion file and feedback. */}
              {(pending || task.status === TASK_STATUS.completed) && (
                <>
                  <Field label="Submitted">{text(formatDateTime(task.submitted_at))}</Field>
                  <Field label="Completion File">
                    {task.completion_file ? (
                      <FileLinks
                        fileKey={task.completion_file}
                        bucketType="completionFile"
                        label="Completion file"
                      />
                    ) : (
                      text(null)
                    )}
                  </Field>
                  <Field label="Completion Feedback">{text(task.completion_feedback)}</Field>
                </>
              )}
              <Field label="Project">
                {task.project && task.project_id && task.project_readable ? (
                  <Anchor component={Link} to={recordHref('PROJECT', task.project_id)} size="sm">
                    {task.project}
                  </Anchor>
                ) : (
                  text(task.project)
                )}
              </Field>
              {/* The client links only when the task has a project (docs/decisions.md, "Tasks on the new pieces"). */}
              <Field label="Client">
                {task.client && task.client_id && task.client_readable && task.project_id ? (
                  <Anchor component={Link} to={recordHref('CLIENT', task.client_id)} size="sm">
                    {task.client}
                  </Anchor>
                ) : (
                  text(task.client)
                )}
              </Field>
              <Field label="Assignment Chain">
                <Group gap={6} aria-label="Assignment chain">
                  {task.assignment_chain.map((username, i) => (
                    // A user may appear twice in a chain (assigned back); the position is the identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <Fragment key={`${username}-${i}`}>
                      {i > 0 && (
                        <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-label="then" />
                      )}
                      <Badge variant="outline" color="gray" tt="none" title={nameOf(username)}>
                        {username}
                      </Badge>
                    </Fragment>
                  ))}
                </Group>
              </Field>
              <Field label="Deadline">{text(task.deadline ? formatDate(task.deadline) : null)}</Field>
              <Field label="Details">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={task.details ? undefined : 'dimmed'}>
                  {task.details ?? 'N/A'}
                </Text>
              </Field>
            </div>
            {pending && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setShowDetails((s) => !s)}
                style={{ alignSelf: 'flex-start' }}
              >
                {showDetails ? 'Hide Details' : 'Show Details'}
              </Button>
            )}
            {showDetails && (
              <>
                <div className={classes.grid}>
                  <Field label="Start Date">
                    {text(task.start_date ? formatDate(task.start_date) : null)}
                  </Field>
                  <Field label="CC">
                    {task.cc.length ? (
                      <Group gap={6}>
                        {task.cc.map((u) => (
                          <Badge key={u} variant="light" color="gray" tt="none" title={nameOf(u)}>
                            {u}
                          </Badge>
                        ))}
                      </Group>
                    ) : (
                      text(null)
                    )}
                  </Field>
                  <Field label="Category">{text(task.category_name)}</Field>
                  <Field label="Attachment">
                    {task.attachment ? (
                      <FileLinks fileKey={task.attachment} bucketType="attachment" label="Attachment" />
                    ) : (
                      text(null)
                    )}
                  </Field>
                  <Field label="Added">{text(formatDateTime(task.added_date))}</Field>
                </div>
                <TaskComments task={task} />
              </>
            )}
          </Stack>
        </HistoryTabs>
      </div>
      <TaskActions task={task} onClose={onClose} hidden={hidden} />
    </>
  )
}
