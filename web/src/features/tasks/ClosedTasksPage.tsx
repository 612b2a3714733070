import { TASK_PAGE_SIZE } from '@daftar/domain/tasks'
import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { ListPager } from '../../ui/list/PageNumberInput.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { type ClosedKind, closedTasksQuery } from './api.ts'
import { type SortOption, TaskFilters } from './TaskFilters.tsx'
import { TaskTable } from './TaskTable.tsx'
import { useTaskParam } from './useTaskParam.ts'

const LIST_KEYS = ['page', 'sort', 'category', 'q'] as const

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

  // Each list keeps its own page, sort, search and category across navigation: opened bare (from the
  // sidebar), it takes back what it had; every change is remembered (issue 10, defect 11).
  const storageKey = `daftar.closedList:${kind}`
  const listState = LIST_KEYS.map((k) => [k, params.get(k)] as const).filter(([, v]) => v)
  const bare = listState.length === 0
  const [restoring] = useState(() => (bare ? localStorage.getItem(storageKey) : null))
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores once, on opening the list
  useEffect(() => {
    if (!restoring) return
    setParams(
      (prev) => {
        const next = new URLSearchParams(restoring)
        const task = prev.get('task')
        if (task) next.set('task', task)
        return next
      },
      { replace: true },
    )
    setSearchText(new URLSearchParams(restoring).get('q') ?? '')
  }, [])
  const serialised = new URLSearchParams(listState as [string, string][]).toString()
  // The first pass, while the restored state is on its way into the address, stores nothing.
  const skipFirst = useRef(Boolean(restoring))
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false
      return
    }
    if (serialised) localStorage.setItem(storageKey, serialised)
    else localStorage.removeItem(storageKey)
  }, [serialised, storageKey])

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
      <PageHeader title={list.title} />
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
        </Stack>
      </Paper>
      <ListPager
        page={Math.min(page, totalPages)}
        totalPages={totalPages}
        onChange={(p) => update({ page: p > 1 ? String(p) : null }, false)}
      />
      <Suspense fallback={null}>
        {detail.taskId && <TaskDetailModal taskId={detail.taskId} kind={kind} onClose={detail.close} />}
      </Suspense>
    </Stack>
  )
}
