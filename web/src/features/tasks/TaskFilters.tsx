import { type TaskDue, type TaskSort, taskDueLabels, taskDues } from '@daftar/domain/tasks'
import { ActionIcon, Button, type ButtonProps, Group, Select, TextInput } from '@mantine/core'
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { categoriesQuery } from '../../api/shared-queries.ts'

export interface SortOption<S extends string> {
  value: S
  label: string
}

export const activeSortOptions: SortOption<TaskSort>[] = [
  { value: 'deadline', label: 'Deadline' },
  { value: 'lastAdded', label: 'Last added' },
  { value: 'firstAdded', label: 'First added' },
]

const dueOptions = taskDues.map((value) => ({ value, label: taskDueLabels[value] }))

interface Props<S extends string> {
  category: string
  onCategory: (name: string) => void
  sort: S
  sortOptions: SortOption<S>[]
  onSort: (sort: S) => void
  search: string
  onSearch: (text: string) => void
  /** The active list's Due filter (none when absent or null); the closed lists have none. */
  due?: { value: TaskDue | null; onChange: (due: TaskDue | null) => void }
  onCreate?: () => void
  /** Buttons after the search (the list's Export). */
  actions?: ReactNode
}

/**
 * Category, sort, the active list's Due, a search icon that opens a box, and 'Create Task'
 * (docs/product.md, "The task list").
 */
export function TaskFilters<S extends string>(props: Props<S>) {
  const categories = useQuery(categoriesQuery)
  const [searchOpen, setSearchOpen] = useState(Boolean(props.search))
  return (
    // On a phone the two dropdowns share the first row at full width (each wide enough for its words),
    // the search and Export the second; Create Task sits by the page's title.
    <Group gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap" style={{ flex: '0 1 352px', minWidth: 0 }}>
        <Select
          aria-label="Category"
          placeholder="All categories"
          data={(categories.data ?? []).map((c) => ({ value: c.category_name, label: c.category_name }))}
          value={props.category || null}
          onChange={(value) => props.onCategory(value ?? '')}
          clearable
          style={{ flex: '1 1 0', maxWidth: 180, minWidth: 0 }}
        />
        <Select
          aria-label="Sort"
          data={props.sortOptions}
          value={props.sort}
          onChange={(value) => value && props.onSort(value as S)}
          allowDeselect={false}
          style={{ flex: '1 1 0', maxWidth: 160, minWidth: 0 }}
        />
      </Group>
      {props.due && (
        <Select
          aria-label="Due"
          placeholder="All deadlines"
          data={dueOptions}
          value={props.due.value}
          onChange={(value) => props.due?.onChange(value as TaskDue | null)}
          clearable
          style={{ flex: '0 1 220px', minWidth: 0 }}
        />
      )}
      {searchOpen ? (
        <TextInput
          aria-label="Search tasks"
          placeholder="Search title, project, client, people"
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          autoFocus
          style={{ flex: '1 1 200px', maxWidth: 260 }}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Close search"
              onClick={() => {
                props.onSearch('')
                setSearchOpen(false)
              }}
            >
              <IconX size={14} />
            </ActionIcon>
          }
        />
      ) : (
        <ActionIcon variant="default" size="lg" aria-label="Search" onClick={() => setSearchOpen(true)}>
          <IconSearch size={18} />
        </ActionIcon>
      )}
      {props.actions}
      {props.onCreate && <CreateTaskButton onClick={props.onCreate} visibleFrom="sm" ml="auto" />}
    </Group>
  )
}

/** 'Create Task': in the filter bar on a wide screen, beside the page's title on a phone. */
export function CreateTaskButton({
  onClick,
  ...props
}: { onClick: () => void } & Pick<ButtonProps, 'visibleFrom' | 'hiddenFrom' | 'ml'>) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} {...props}>
      Create Task
    </Button>
  )
}
