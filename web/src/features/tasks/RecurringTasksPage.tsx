import {
  recurringListQuery as listQuerySchema,
  type RecurringTask,
  sentenceDate,
} from '@daftar/domain/recurring'
import { organisationToday } from '@daftar/domain/registers'
import { Badge, Button, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { DataTable } from '../../ui/list/DataTable.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { noRepeat, weekdayOf } from './RepeatField.tsx'
import { recurringListQuery } from './recurring-api.ts'
import { SeriesDialog } from './SeriesDialog.tsx'

const TaskFormModal = lazy(() => import('./TaskFormModal.tsx'))

/**
 * Tasks › Recurring (docs/decisions.md, "Recurring tasks and reminders"): the series the caller owns
 * or is on (every series for admins), each with its rule in words and its next date; a row opens the
 * series; 'New recurring task' is Create Task with its Repeat.
 */
export default function RecurringTasksPage() {
  const { state, pager } = useListState(listQuerySchema)
  const list = useQuery(recurringListQuery(state.page))
  const [open, setOpen] = useState<RecurringTask | null>(null)
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="md" w="100%">
      <PageHeader
        title="Recurring Tasks"
        description="Tasks created again on a schedule. Ending a series keeps the tasks it created."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New recurring task
          </Button>
        }
      />
      <DataTable
        label="Recurring tasks"
        columns={[
          {
            key: 'title',
            header: 'Title',
            render: (s) => (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {s.title}
              </Text>
            ),
            phone: 'title',
          },
          {
            key: 'rule',
            header: 'Repeats',
            render: (s) => <Text size="sm">{s.rule_text}</Text>,
          },
          {
            key: 'next',
            header: 'Next',
            nowrap: true,
            render: (s) => (s.next_occurrences[0] ? sentenceDate(s.next_occurrences[0]) : '—'),
          },
          {
            key: 'assignee',
            header: 'Assignee',
            render: (s) =>
              s.people.find((p) => p.user_id === s.assigned_to[0])?.full_name ?? s.owner.full_name,
          },
          {
            key: 'state',
            header: 'State',
            phone: 'aside',
            render: (s) => (
              <Badge variant="light" color={s.active ? 'teal' : 'gray'}>
                {s.active ? 'Active' : 'Paused'}
              </Badge>
            ),
          },
        ]}
        rows={list.data?.recurring_tasks}
        rowKey={(s) => s.series_id}
        onRowClick={setOpen}
        loading={list.isPending}
        stale={list.isPlaceholderData}
        loadingText="Loading recurring tasks..."
        error={
          list.isError ? `Error loading recurring tasks: ${errorMessage(list.error, 'Unknown error')}` : null
        }
        emptyText="No recurring tasks yet. Choose 'Repeat' in Create Task to make one."
        pager={pager(list.data?.totalPages, { onlyWhenPaged: true })}
      />
      {open && <SeriesDialog series={open} onClose={() => setOpen(null)} />}
      {creating && (
        <Suspense fallback={null}>
          <TaskFormModal
            onClose={() => setCreating(false)}
            repeat={{ ...noRepeat, preset: 'weekly', days: [weekdayOf(organisationToday())] }}
          />
        </Suspense>
      )}
    </Stack>
  )
}
