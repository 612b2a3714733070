import {
  activeTaskQuery,
  matchesTaskSearch,
  sortTasks,
  type TaskDue,
  type TaskListRow,
  type TaskSort,
  type TaskTab,
  taskEndpoints,
  taskSorts,
  taskTab,
} from '@daftar/domain/tasks'
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { useLocalStorage } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { hasDraft } from '../../ui/drafts.ts'
import { ExportMenu } from '../../ui/list/ExportMenu.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { ScrollTabsList } from '../../ui/ScrollTabsList.tsx'
import { activeTasksQuery } from './api.ts'
import { useHiddenTasks } from './hidden-tasks.ts'
import { activeSortOptions, CreateTaskButton, TaskFilters } from './TaskFilters.tsx'
import { TaskTable } from './TaskTable.tsx'
import { useTaskParam } from './useTaskParam.ts'

const TaskDetailModal = lazy(() => import('./TaskDetailModal.tsx'))
const TaskFormModal = lazy(() => import('./TaskFormModal.tsx'))

const mainTabs = ['my', 'delegated', 'approval'] as const
type MainTab = (typeof mainTabs)[number]
const tabLabels: Record<MainTab, string> = { my: 'My Tasks', delegated: 'Delegated', approval: 'Approval' }

/** The tab a link may open the list on (`/tasks?tab=approval`, from the home page); else My Tasks. */
const linkedTab = (value: string | null): MainTab => mainTabs.find((t) => t === value) ?? 'my'

export default function TaskListPage() {
  const { data: me } = useMe()
  // The Due filter is the list's one state in the address: a home card's 'View all' opens it there.
  const list = useListState(activeTaskQuery)
  const due = list.state.due ?? null
  const tasks = useQuery(activeTasksQuery(list.state))
  const hidden = useHiddenTasks()
  const detail = useTaskParam()
  const [searchParams] = useSearchParams()
  const [tab, setTab] = useState<MainTab>(() => linkedTab(searchParams.get('tab')))
  const [sort, setSort] = useLocalStorage<TaskSort>({ key: 'daftar.taskSort', defaultValue: 'deadline' })
  const [category, setCategory] = useState('')
  const [search, setSearch] = useState('')
  const [showMyApproval, setShowMyApproval] = useState(true)
  // A Create Task draft kept from an expired session reopens the form.
  const [creating, setCreating] = useState(() => hasDraft('task:create'))

  const changeTab = (next: MainTab) => {
    setTab(next)
    // The page scrolls to the top when the tab changes.
    window.scrollTo({ top: 0 })
  }

  // The Due filter's tasks are all on My Tasks (they are assigned to me), so choosing it shows them.
  const changeDue = (next: TaskDue | null) => {
    list.set({ due: next })
    if (next && tab !== 'my') changeTab('my')
  }

  const groups = useMemo(() => {
    const result: Record<TaskTab, TaskListRow[]> = {
      my: [],
      delegated: [],
      myApproval: [],
      othersApproval: [],
    }
    if (!me || !tasks.data) return result
    const filtered = tasks.data.tasks.filter(
      (t) =>
        !hidden.ids.has(t.task_id) &&
        (!category || t.category_name === category) &&
        matchesTaskSearch(t, search),
    )
    for (const task of sortTasks(filtered, taskSorts.includes(sort) ? sort : 'deadline')) {
      const group = taskTab(task, me.username)
      if (group) result[group].push(task)
    }
    return result
  }, [tasks.data, me, category, search, sort, hidden.ids])

  const counts: Record<MainTab, number> = {
    my: groups.my.length,
    delegated: groups.delegated.length,
    approval: groups.myApproval.length + groups.othersApproval.length,
  }
  const people = tasks.data?.people ?? {}
  const table = (list: TaskListRow[], label: string) => (
    <TaskTable
      tasks={list}
      people={people}
      onOpen={(t) => detail.open(t.task_id)}
      emptyText="No tasks here."
      showPastDeadline
      label={label}
      me={me?.username}
    />
  )

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Tasks</Title>
        <CreateTaskButton onClick={() => setCreating(true)} hiddenFrom="sm" />
      </Group>
      {/* Closer to its edge on a phone, so that the three tabs and their counts fit the width. */}
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <TaskFilters
            category={category}
            onCategory={setCategory}
            sort={sort}
            sortOptions={activeSortOptions}
            onSort={setSort}
            search={search}
            onSearch={setSearch}
            due={{ value: due, onChange: changeDue }}
            onCreate={() => setCreating(true)}
            actions={
              <ExportMenu
                fileName="tasks-export"
                download={(format) =>
                  call(taskEndpoints.export, {
                    query: {
                      view: 'active',
                      tab,
                      due: list.state.due,
                      searchQuery: search,
                      selectedCategory: category,
                      sortBy: sort,
                      format,
                    },
                  })
                }
              />
            }
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
            <Tabs value={tab} onChange={(v) => v && changeTab(v as MainTab)} keepMounted={false}>
              <ScrollTabsList>
                {mainTabs.map((t) => (
                  <Tabs.Tab
                    key={t}
                    value={t}
                    rightSection={
                      <Badge variant="light" size="sm">
                        {counts[t]}
                      </Badge>
                    }
                  >
                    {tabLabels[t]}
                  </Tabs.Tab>
                ))}
              </ScrollTabsList>
              <Tabs.Panel value="my" pt="md">
                {table(groups.my, tabLabels.my)}
              </Tabs.Panel>
              <Tabs.Panel value="delegated" pt="md">
                {table(groups.delegated, tabLabels.delegated)}
              </Tabs.Panel>
              <Tabs.Panel value="approval" pt="md">
                <Stack gap="lg">
                  <div>
                    <Group justify="space-between" mb="xs">
                      <Title order={5}>My Approval</Title>
                      <Button variant="subtle" size="compact-sm" onClick={() => setShowMyApproval((s) => !s)}>
                        {showMyApproval ? 'Hide' : 'Show'}
                      </Button>
                    </Group>
                    {showMyApproval && table(groups.myApproval, 'My Approval')}
                  </div>
                  <div>
                    <Title order={5} mb="xs">
                      Others' Approval
                    </Title>
                    {table(groups.othersApproval, "Others' Approval")}
                  </div>
                </Stack>
              </Tabs.Panel>
            </Tabs>
          )}
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        {detail.taskId && <TaskDetailModal taskId={detail.taskId} onClose={detail.close} hidden={hidden} />}
        {creating && <TaskFormModal onClose={() => setCreating(false)} />}
      </Suspense>
    </Stack>
  )
}
