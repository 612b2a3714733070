import { DEFAULT_CATEGORY_COLOR } from '@daftar/domain/categories'
import { formatShortDate, todayIso } from '@daftar/domain/format'
import { assigneeOf, creatorOf, isPastDeadline, type Task } from '@daftar/domain/tasks'
import { Anchor, Badge, Center, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'
import { NARROW_QUERY } from '../../app/theme.ts'
import type { People } from './api.ts'
import classes from './TaskTable.module.css'

interface TaskTableProps {
  tasks: Task[]
  people: People
  onOpen: (task: Task) => void
  emptyText: string
  /** Numbering continues across pages. */
  firstNumber?: number
  /** Active lists mark overdue tasks. */
  showPastDeadline?: boolean
  hiddenIds?: ReadonlySet<string>
  label: string
  /** The signed-in user: tasks they are only CC'd on carry the 'CC' tag (DESIGN §6). */
  me?: string
}

/** DESIGN §6: a task I am CC'd on (and not its assignee) is tagged CC in my lists. */
function CcTag({ task, me }: { task: Task; me?: string }) {
  if (!me || !task.cc.includes(me) || assigneeOf(task) === me) return null
  return (
    <Badge
      size="xs"
      variant="filled"
      color="grape"
      style={{ flexShrink: 0 }}
      title="You are CC'd on this task"
    >
      CC
    </Badge>
  )
}

/** Creator and assignee names link to the employee profile when the user has one (spec §2). */
function PersonCell({ username, people }: { username: string; people: People }) {
  const person = people[username]
  const name = person?.full_name ?? username
  if (!person?.employee_id) return <>{name}</>
  return (
    <Anchor component={Link} to={`/employees/${person.employee_id}`} size="sm">
      {name}
    </Anchor>
  )
}

/** A linked record opens only when the caller may read it (the API says so); else its name is text. */
function RecordLink({ id, name, base }: { id: string | null; name: string | null; base: string }) {
  if (!name) return <>N/A</>
  if (!id) return <>{name}</>
  return (
    <Anchor component={Link} to={`${base}/${id}`} size="sm">
      {name}
    </Anchor>
  )
}

export function TaskTable(props: TaskTableProps) {
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const today = todayIso()
  const visible = props.hiddenIds ? props.tasks.filter((t) => !props.hiddenIds!.has(t.task_id)) : props.tasks
  const header = (text: ReactNode) => <Table.Th className={classes.th}>{text}</Table.Th>
  if (narrow) return <TaskCards {...props} tasks={visible} today={today} />
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            {header('#')}
            {header('Task Title')}
            {header('Project')}
            {header('Client')}
            {header('Creator')}
            {header('Assignee')}
            {header('Deadline')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visible.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Center py="xl">
                  <Text c="dimmed" size="sm">
                    {props.emptyText}
                  </Text>
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : (
            visible.map((task, index) => (
              <Table.Tr
                key={task.task_id}
                className={classes.row}
                style={{ '--row-color': task.category_color ?? DEFAULT_CATEGORY_COLOR } as CSSProperties}
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest('a, button')) props.onOpen(task)
                }}
                data-testid="task-row"
              >
                <Table.Td>{(props.firstNumber ?? 1) + index}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {props.showPastDeadline && isPastDeadline(task, today) && (
                      <IconAlertTriangle
                        size={16}
                        color="var(--mantine-color-red-7)"
                        title="Past Deadline"
                        aria-label="Past Deadline"
                      />
                    )}
                    <button
                      type="button"
                      className={classes.title}
                      title={task.title}
                      onClick={() => props.onOpen(task)}
                    >
                      {task.title}
                    </button>
                    <CcTag task={task} me={props.me} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <RecordLink
                    id={task.project_readable ? task.project_id : null}
                    name={task.project}
                    base="/projects"
                  />
                </Table.Td>
                <Table.Td>
                  <RecordLink
                    id={task.client_readable ? task.client_id : null}
                    name={task.client}
                    base="/clients"
                  />
                </Table.Td>
                <Table.Td>
                  <PersonCell username={creatorOf(task)} people={props.people} />
                </Table.Td>
                <Table.Td>
                  <PersonCell username={assigneeOf(task)} people={props.people} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {task.deadline ? formatShortDate(task.deadline, narrow) : 'N/A'}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * Phones: one card per task with its title, deadline, status and assignee, so nothing needs a
 * sideways swipe (issue 10, defect 3); the project and client follow on a line of their own.
 */
function TaskCards(props: TaskTableProps & { today: string }) {
  if (props.tasks.length === 0)
    return (
      <Center py="xl">
        <Text c="dimmed" size="sm">
          {props.emptyText}
        </Text>
      </Center>
    )
  return (
    <Stack component="ul" gap="xs" aria-label={props.label} className={classes.cards}>
      {props.tasks.map((task) => (
        <Paper
          component="li"
          key={task.task_id}
          withBorder
          p="sm"
          className={classes.card}
          style={{ '--row-color': task.category_color ?? DEFAULT_CATEGORY_COLOR } as CSSProperties}
          onClick={(e) => {
            if (!(e.target as HTMLElement).closest('a, button')) props.onOpen(task)
          }}
          data-testid="task-row"
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            {props.showPastDeadline && isPastDeadline(task, props.today) && (
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-red-7)"
                title="Past Deadline"
                aria-label="Past Deadline"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
            )}
            <button
              type="button"
              className={classes.cardTitle}
              title={task.title}
              onClick={() => props.onOpen(task)}
            >
              {task.title}
            </button>
            <CcTag task={task} me={props.me} />
          </Group>
          <Group gap="xs" mt={6} justify="space-between" wrap="wrap">
            <Text size="xs" c="gray.7">
              Due {task.deadline ? formatShortDate(task.deadline) : 'N/A'}
            </Text>
            <Badge size="sm" variant="light" color={task.status === 'Pending Approval' ? 'orange' : 'blue'}>
              {task.status}
            </Badge>
          </Group>
          <Text size="xs" c="gray.7" mt={4}>
            Assignee: <PersonCell username={assigneeOf(task)} people={props.people} />
          </Text>
          {(task.project || task.client) && (
            <Text size="xs" c="gray.7" mt={2} className={classes.clamp}>
              <RecordLink
                id={task.project_readable ? task.project_id : null}
                name={task.project}
                base="/projects"
              />{' '}
              ·{' '}
              <RecordLink
                id={task.client_readable ? task.client_id : null}
                name={task.client}
                base="/clients"
              />
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  )
}
