import {
  deletedQuery,
  finishedQuery,
  TASK_PAGE_SIZE,
  type TaskListRow,
  taskEndpoints,
} from '@daftar/domain/tasks'
import { Stack } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { ExportMenu } from '../../ui/list/ExportMenu.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { useNarrow } from '../../ui/use-narrow.ts'
import { type ClosedKind, closedTasksQuery, type People } from './api.ts'
import { type SortOption, TaskFilters } from './TaskFilters.tsx'
import classes from './TaskTable.module.css'
import { taskDetailColumns, tinted } from './TaskTable.tsx'
import { useTaskParam } from './useTaskParam.ts'

/** The list's own keys in the address: the API's query names. */
const LIST_KEYS = ['page', 'searchQuery', 'selectedCategory', 'sortBy'] as const

const TaskDetailModal = lazy(() => import('./TaskDetailModal.tsx'))

const lists = {
  finished: {
    title: 'Finished Tasks',
    empty: 'No finished tasks here.',
    query: finishedQuery,
    sorts: [
      { value: 'lastFinished', label: 'Last finished' },
      { value: 'firstFinished', label: 'First finished' },
    ],
  },
  deleted: {
    title: 'Deleted Tasks',
    empty: 'No deleted tasks here.',
    query: deletedQuery,
    sorts: [
      { value: 'lastDeleted', label: 'Last deleted' },
      { value: 'firstDeleted', label: 'First deleted' },
    ],
  },
} satisfies Record<
  ClosedKind,
  {
    title: string
    empty: string
    query: typeof finishedQuery | typeof deletedQuery
    sorts: SortOption<string>[]
  }
>

function taskColumns(
  people: People,
  open: (task: TaskListRow) => void,
  narrow: boolean,
): Column<TaskListRow>[] {
  return [
    {
      key: 'title',
      header: 'Task Title',
      phone: 'title',
      width: '28%',
      render: (task) => (
        <button type="button" className={classes.title} title={task.title} onClick={() => open(task)}>
          {task.title}
        </button>
      ),
    },
    ...taskDetailColumns(people, narrow),
  ]
}

/**
 * Finished and deleted tasks: each list keeps its own page, sort, search and category in its address
 * under the API's names (`useListState`); changing any of the last three goes back to page 1, and the
 * page never passes the last one.
 */
export function ClosedTasksPage({ kind }: { kind: ClosedKind }) {
  const list = lists[kind]
  const listState = useListState(list.query)
  const { page, sortBy, selectedCategory, searchQuery } = listState.state
  const [params, setParams] = useSearchParams()
  const detail = useTaskParam()
  const narrow = useNarrow()
  const [searchText, setSearchText] = useState(searchQuery)

  // Each list keeps its own page, sort, search and category across navigation: opened bare (from the
  // sidebar), it takes back what it had; every change is remembered.
  const storageKey = `daftar.closedList:${kind}`
  const kept = LIST_KEYS.map((k) => [k, params.get(k)] as const).filter(([, v]) => v) as [string, string][]
  const [restoring] = useState(() => (kept.length === 0 ? localStorage.getItem(storageKey) : null))
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
    setSearchText(new URLSearchParams(restoring).get('searchQuery') ?? '')
  }, [])
  const serialised = new URLSearchParams(kept).toString()
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

  const writeSearch = useDebouncedCallback((text: string) => listState.set({ searchQuery: text.trim() }), 300)

  const tasks = useQuery(closedTasksQuery(kind, { page, searchQuery, selectedCategory, sortBy }))
  const totalPages = tasks.data?.totalPages ?? 1

  // A page past the end (after a search, or a stale link) moves to the last page.
  const lastPage = tasks.data?.totalPages
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage is recreated every render; page and lastPage decide
  useEffect(() => {
    if (lastPage && page > lastPage) listState.setPage(lastPage)
  }, [page, lastPage])

  const open = (task: TaskListRow) => detail.open(task.task_id)
  return (
    <Stack gap="md">
      <PageHeader title={list.title} />
      <TaskFilters
        category={selectedCategory}
        onCategory={(name) => listState.set({ selectedCategory: name })}
        sort={sortBy as string}
        sortOptions={list.sorts}
        onSort={(value) => listState.set({ sortBy: value })}
        search={searchText}
        onSearch={(text) => {
          setSearchText(text)
          writeSearch(text)
        }}
        actions={
          <ExportMenu
            fileName={`${kind}-tasks-export`}
            download={(format) =>
              call(taskEndpoints.export, {
                query: { view: kind, searchQuery, selectedCategory, sortBy, format },
              })
            }
          />
        }
      />
      <DataTable
        label={list.title}
        columns={taskColumns(tasks.data?.people ?? {}, open, narrow)}
        rows={tasks.data?.tasks}
        rowKey={(t) => t.task_id}
        rowNumberStart={(Math.min(page, totalPages) - 1) * TASK_PAGE_SIZE + 1}
        onRowClick={open}
        rowAttributes={tinted}
        loading={tasks.isPending}
        loadingText="Loading tasks..."
        error={tasks.isError ? `Error: ${errorMessage(tasks.error, 'Could not load tasks.')}` : null}
        emptyText={list.empty}
        stale={tasks.isPlaceholderData}
        minWidth={760}
        pager={{ page: Math.min(page, totalPages), totalPages, onChange: listState.setPage }}
      />
      <Suspense fallback={null}>
        {detail.taskId && <TaskDetailModal taskId={detail.taskId} kind={kind} onClose={detail.close} />}
      </Suspense>
    </Stack>
  )
}
