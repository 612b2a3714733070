import { DEFAULT_CATEGORY_COLOR } from '@daftar/domain/categories'
import { formatShortDate, todayIso } from '@daftar/domain/format'
import { assigneeOf, creatorOf, isPastDeadline, type Task } from '@daftar/domain/tasks'
import { Anchor, Badge, Center, Group, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'
import { recordHref, registerRoots } from '../../ui/register-kit/roots.ts'
import { ScrollTable } from '../../ui/ScrollTable'
import { useNarrow } from '../../ui/use-narrow.ts'
import { useProgressiveList } from '../../ui/use-progressive-list.ts'
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
  /** The signed-in user: tasks they are only CC'd on carry the 'CC' tag (docs/product.md, "The task list"). */
  me?: string
}

/** A task I am CC'd on (and not its assignee) is tagged CC in my lists (docs/product.md, "The task list"). */
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

/** A task's title as its row and its card show it: the past-deadline mark, the button that opens it, CC. */
function TaskTitle(props: {
  task: Task
  pastDeadline: boolean | undefined
  me?: string
  onOpen: (task: Task) => void
  iconStyle?: CSSProperties
}) {
  const { task } = props
  return (
    <>
      {props.pastDeadline && (
        <IconAlertTriangle
          size={16}
          color="var(--mantine-color-red-7)"
          title="Past Deadline"
          aria-label="Past Deadline"
          style={props.iconStyle}
        />
      )}
      <button type="button" className={classes.title} title={task.title} onClick={() => props.onOpen(task)}>
        {task.title}
      </button>
      <CcTag task={task} me={props.me} />
    </>
  )
}

/** Creator and assignee names link to the employee profile when the user has one (docs/product.md, "The task list"). */
export function PersonCell({ username, people }: { username: string; people: People }) {
  const person = people[username]
  const name = person?.full_name ?? username
  if (!person?.employee_id) return <>{name}</>
  return (
    <Anchor component={Link} to={recordHref('EMPLOYEE', person.employee_id)} size="sm">
      {name}
    </Anchor>
  )
}

/** A linked record opens only when the caller may read it (the API says so); else its name is text. */
export function RecordLink({ id, name, base }: { id: string | null; name: string | null; base: string }) {
  if (!name) return <>N/A</>
  if (!id) return <>{name}</>
  return (
    <Anchor component={Link} to={`${base}/${id}`} size="sm">
      {name}
    </Anchor>
  )
}

/**
 * Fixed column widths, so every task table (My Approval above Others' Approval, and each tab) lines
 * its columns up whatever the rows hold: '#', then shares of the rest, the deadline
 * wide enough for '26 Nov 2026'.
 */
const COLUMN_WIDTHS = {
  number: '48px',
  title: '28%',
  project: '16%',
  client: '16%',
  creator: '13%',
  assignee: '13%',
  deadline: '120px',
}

export function TaskTable(props: TaskTableProps) {
  const narrow = useNarrow()
  const today = todayIso()
  const visible = useProgressiveList(
    props.hiddenIds ? props.tasks.filter((t) => !props.hiddenIds!.has(t.task_id)) : props.tasks,
  )
  const header = (text: ReactNode) => <Table.Th className={classes.th}>{text}</Table.Th>
  if (narrow) return <TaskCards {...props} tasks={visible} today={today} />
  return (
    <ScrollTable minWidth={760} label={props.label}>
      <Table verticalSpacing="xs" aria-label={props.label} layout="fixed" className={classes.table}>
        <colgroup>
          {Object.entries(COLUMN_WIDTHS).map(([column, width]) => (
            <col key={column} style={{ width }} />
          ))}
        </colgroup>
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
                    <TaskTitle
                      task={task}
                      pastDeadline={props.showPastDeadline && isPastDeadline(task, today)}
                      me={props.me}
                      onOpen={props.onOpen}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <RecordLink
                    id={task.project_readable ? task.project_id : null}
                    name={task.project}
                    base={registerRoots.PROJECT.path}
                  />
                </Table.Td>
                <Table.Td>
                  <RecordLink
                    id={task.client_readable ? task.client_id : null}
                    name={task.client}
                    base={registerRoots.CLIENT.path}
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
    </ScrollTable>
  )
}

/**
 * Phones: one card per task with its title, deadline, status and assignee, so nothing needs a
 * sideways swipe; the project and client follow on a line of their own.
 * Plain elements styled like Mantine's Paper, Group and Text (TaskTable.module.css): a hundred cards
 * of Mantine components cost the phone's first paint a long task.
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
        // biome-ignore lint/a11y/useKeyWithClickEvents: the card's title is its keyboard-reachable button; a click elsewhere on the card is a convenience, as on the table's rows
        <li
          key={task.task_id}
          className={classes.card}
          style={{ '--row-color': task.category_color ?? DEFAULT_CATEGORY_COLOR } as CSSProperties}
          onClick={(e) => {
            if (!(e.target as HTMLElement).closest('a, button')) props.onOpen(task)
          }}
          data-testid="task-row"
        >
          <div className={classes.cardHead}>
            <TaskTitle
              task={task}
              pastDeadline={props.showPastDeadline && isPastDeadline(task, props.today)}
              me={props.me}
              onOpen={props.onOpen}
              iconStyle={{ flexShrink: 0, marginTop: 2 }}
            />
          </div>
          <div className={classes.cardMeta}>
            <p className={classes.cardText}>
              {task.deadline ? `Due ${formatShortDate(task.deadline, true)}` : 'No deadline'}
            </p>
            <Badge size="sm" variant="light" color={task.status === 'Pending Approval' ? 'orange' : 'blue'}>
              {task.status}
            </Badge>
          </div>
          <p className={`${classes.cardText} ${classes.cardAssignee}`}>
            Assignee: <PersonCell username={assigneeOf(task)} people={props.people} />
          </p>
          {(task.project || task.client) && (
            <p className={`${classes.cardText} ${classes.cardRecords} ${classes.clamp}`}>
              <RecordLink
                id={task.project_readable ? task.project_id : null}
                name={task.project}
                base={registerRoots.PROJECT.path}
              />{' '}
              ·{' '}
              <RecordLink
                id={task.client_readable ? task.client_id : null}
                name={task.client}
                base={registerRoots.CLIENT.path}
              />
            </p>
          )}
        </li>
      ))}
    </Stack>
  )
}
