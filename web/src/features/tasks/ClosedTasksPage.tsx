import { TASK_PAGE_SIZE } from '@daftar/domain/tasks'
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { PageNumberInput } from '../../ui/PageNumberInput.tsx'
import { type ClosedKind, closedTasksQuery } from './api.ts'
import { type SortOption, TaskFilters } from './TaskFilters.tsx'
import { TaskTable } from './TaskTable.tsx'
import { useTaskParam } from './useTaskParam.ts'

const TaskDetailModal = lazy(() => import('./TaskDetailModal.tsx'))

const lists = {
  finished: {
    title: 'Finished Tasks',
    empty: 'No finished tasks here.',
    sorts: [
      { value: 'lastFinished', label: 'Last finished' },
      { value: 'firstFinished', label: 'First finished' },
    ],
  },
  deleted: {
    title: 'Deleted Tasks',
    empty: 'No deleted tasks here.',
    sorts: [
      { value: 'lastDeleted', label: 'Last deleted' },
      { value: 'firstDeleted', label: 'First deleted' },
    ],
  },
} satisfies Record<ClosedKind, { title: string; empty: string; sorts: SortOption<string>[] }>

/**
 * Finished and deleted tasks: each list keeps its own page, sort, search and category in its address;
 * changing any of the last three goes back to page 1, and the page never passes the last one.
 */
export function ClosedTasksPage({ kind }: { kind: ClosedKind }) {
  const list = lists[kind]
  const [params, setParams] = useSearchParams()
  const detail = useTaskParam()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const sort = params.get('sort') ?? list.sorts[0]!.value
  const category = params.get('category') ?? ''
  const search = params.get('q') ?? ''
  const [searchText, setSearchText] = useState(search)

  const update = (changes: Record<string, string | null>, resetPage = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        if (resetPage) next.delete('page')
        return next
      },
      { replace: true },
    )

  const writeSearch = useDebouncedCallback((text: string) => update({ q: text.trim() || null }), 300)

  const tasks = useQuery(
    closedTasksQuery(kind, { page, searchQuery: search, selectedCategory: category, sortBy: sort }),
  )
  const totalPages = tasks.data?.totalPages ?? 1

  // A page past the end (after a search, or a stale link) moves to the last page.
  const lastPage = tasks.data?.totalPages
  // biome-ignore lint/correctness/useExhaustiveDependencies: update is recreated every render; page and lastPage decide
  useEffect(() => {
    if (lastPage && page > lastPage) update({ page: String(lastPage) }, false)
  }, [page, lastPage])

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Title order={2}>{list.title}</Title>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <TaskFilters
            category={category}
            onCategory={(name) => update({ category: name || null })}
            sort={sort}
            sortOptions={list.sorts}
            onSort={(value) => update({ sort: value === list.sorts[0]!.value ? null : value })}
            search={searchText}
            onSearch={(text) => {
              setSearchText(text)
              writeSearch(text)
            }}
          />
          {tasks.isPending ? (
            <Group justify="center" py="xl">
              <Loader size="sm" />
              <Text c="dimmed">Loading tasks...</Text>
            </Group>
          ) : tasks.isError ? (
            <Alert color="red" role="alert">
              Error: {errorMessage(tasks.error, 'Could not load tasks.')}
            </Alert>
          ) : (
            <div style={{ opacity: tasks.isPlaceholderData ? 0.6 : 1 }}>
              <TaskTable
                tasks={tasks.data.tasks}
                people={tasks.data.people}
                onOpen={(t) => detail.open(t.task_id)}
                emptyText={list.empty}
                firstNumber={(page - 1) * TASK_PAGE_SIZE + 1}
                label={list.title}
              />
            </div>
          )}
          {totalPages > 1 && (
            <Group justify="flex-end">
              <PageNumberInput
                page={Math.min(page, totalPages)}
                totalPages={totalPages}
                onChange={(p) => update({ page: p > 1 ? String(p) : null }, false)}
              />
            </Group>
          )}
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        {detail.taskId && <TaskDetailModal taskId={detail.taskId} kind={kind} onClose={detail.close} />}
      </Suspense>
    </Stack>
  )
}
