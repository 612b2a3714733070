import { DEFAULT_CATEGORY_COLOR } from '@daftar/domain/categories'
import { formatShortDate, todayIso } from '@daftar/domain/format'
import { assigneeOf, creatorOf, isPastDeadline, type TaskListRow } from '@daftar/domain/tasks'
import { Anchor, Badge, Group } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { CSSProperties } from 'react'
import { Link } from 'react-router'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { recordHref, registerRoots } from '../../ui/register-kit/roots.ts'
import { useNarrow } from '../../ui/use-narrow.ts'
import { useProgressiveList } from '../../ui/use-progressive-list.ts'
import type { People } from './api.ts'
import classes from './TaskTable.module.css'

interface TaskTableProps {
  tasks: TaskListRow[]
  people: People
  onOpen: (task: TaskListRow) => void
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
function CcTag({ task, me }: { task: TaskListRow; me?: string }) {
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
  task: TaskListRow
  pastDeadline: boolean | undefined
  me?: string
  onOpen: (task: TaskListRow) => void
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

/** A task row's tint: its category's colour, on its table row and its phone card alike. */
export const tinted = (task: TaskListRow) => ({
  className: classes.tinted,
  style: { '--row-color': task.category_color ?? DEFAULT_CATEGORY_COLOR } as CSSProperties,
  'data-testid': 'task-row',
})

const recordRoots = { project: 'PROJECT', client: 'CLIENT' } as const

/** A task's project or client, linked when the caller may open it. */
function TaskRecord({ task, of }: { task: TaskListRow; of: 'project' | 'client' }) {
  return (
    <RecordLink
      id={task[`${of}_readable`] ? task[`${of}_id`] : null}
      name={task[of]}
      base={registerRoots[recordRoots[of]].path}
    />
  )
}

const recordColumn = (key: 'project' | 'client', header: string): Column<TaskListRow> => ({
  key,
  header,
  width: '16%',
  render: (task) => <TaskRecord task={task} of={key} />,
})

const personColumn = (
  key: string,
  header: string,
  of: (task: TaskListRow) => string,
  people: People,
): Column<TaskListRow> => ({
  key,
  header,
  width: '13%',
  render: (task) => <PersonCell username={of(task)} people={people} />,
})

/**
 * The columns after the title on every task list: its project and client, creator and assignee, and
 * deadline (without the year at 768 px and below: docs/decisions.md, "Tasks on the new pieces").
 * The widths are shares of what the '#' and the 28 % title leave, the deadline wide enough for
 * '26 Nov 2026'; the active lists fix them, so stacked tables (My Approval above Others' Approval)
 * line their columns up whatever the rows hold.
 */
export function taskDetailColumns(people: People, narrow: boolean): Column<TaskListRow>[] {
  return [
    recordColumn('project', 'Project'),
    recordColumn('client', 'Client'),
    personColumn('creator', 'Creator', creatorOf, people),
    personColumn('assignee', 'Assignee', assigneeOf, people),
    {
      key: 'deadline',
      header: 'Deadline',
      width: '120px',
      nowrap: true,
      render: (task) => (task.deadline ? formatShortDate(task.deadline, narrow) : 'N/A'),
    },
  ]
}

function taskColumns(props: TaskTableProps, today: string, narrow: boolean): Column<TaskListRow>[] {
  return [
    {
      key: 'title',
      header: 'Task Title',
      width: '28%',
      render: (task) => (
        <Group gap={6} wrap="nowrap">
          <TaskTitle
            task={task}
            pastDeadline={props.showPastDeadline && isPastDeadline(task, today)}
            me={props.me}
            onOpen={props.onOpen}
          />
        </Group>
      ),
    },
    ...taskDetailColumns(props.people, narrow),
  ]
}

/**
 * The active lists' table (docs/architecture.md, "Adding a list"): the list toolkit's table with the
 * tasks' columns, a row tinted by its category that opens the task, and on a phone the task's own
 * card. The first screenful renders at once, the rest after it (`useProgressiveList`).
 */
export function TaskTable(props: TaskTableProps) {
  const narrow = useNarrow()
  const today = todayIso()
  const visible = useProgressiveList(
    props.hiddenIds ? props.tasks.filter((t) => !props.hiddenIds!.has(t.task_id)) : props.tasks,
  )
  return (
    <DataTable
      columns={taskColumns(props, today, narrow)}
      rows={visible}
      rowKey={(task) => task.task_id}
      rowNumberStart={props.firstNumber ?? 1}
      onRowClick={props.onOpen}
      rowAttributes={tinted}
      card={(task) => <TaskCard task={task} props={props} today={today} />}
      emptyText={props.emptyText}
      label={props.label}
      minWidth={760}
      fixedLayout
      compact
    />
  )
}

/**
 * A phone's card of a task: its title, deadline, status and assignee, so nothing needs a sideways
 * swipe; the project and client follow on a line of their own. Plain elements styled like Mantine's
 * Group and Text (TaskTable.module.css): a hundred cards of Mantine components cost the phone's first
 * paint a long task.
 */
function TaskCard({ task, props, today }: { task: TaskListRow; props: TaskTableProps; today: string }) {
  return (
    <>
      <div className={classes.cardHead}>
        <TaskTitle
          task={task}
          pastDeadline={props.showPastDeadline && isPastDeadline(task, today)}
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
          <TaskRecord task={task} of="project" /> · <TaskRecord task={task} of="client" />
        </p>
      )}
    </>
  )
}
