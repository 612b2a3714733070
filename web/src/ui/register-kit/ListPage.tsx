import { REGISTER_PAGE_SIZE } from '@daftar/domain/registers'
import { Button, Group, Stack } from '@mantine/core'
import { IconPlus, IconX } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { DataTable } from '../list/DataTable.tsx'
import { ExportMenu } from '../list/ExportMenu.tsx'
import { ListToolbar, SearchBox, SortSelect } from '../list/ListToolbar.tsx'
import { useListState } from '../list/use-list-state.ts'
import { PageHeader } from '../PageHeader.tsx'
import { registerListQuery, rowsOf } from './api.ts'
import type { RegisterDeclaration, RegisterTypes, WordedListView } from './define.ts'
import { ImportLink } from './ImportLink.tsx'
import { recordHref } from './roots.ts'

/**
 * A register's list page: search, sort, the page-number input, row numbers continuing across pages,
 * and the spec's empty text; its page, search and sort live in the address under the API's own names
 * (docs/architecture.md, "Adding a list").
 */
export function RegisterListPage<T extends RegisterTypes>({
  register,
  view,
}: {
  register: RegisterDeclaration<T>
  view: WordedListView<T['item']>
}) {
  const { list } = register
  const { state, set, pager } = useListState(list.query)
  const query = useQuery(registerListQuery(register, view, state))
  const rows = rowsOf(query.data)
  const loadingText = `Loading ${view.title.toLowerCase()}...`
  return (
    <Stack gap="md" w="100%">
      <PageHeader
        title={view.title}
        description={view.description}
        actions={
          (view.Actions || view.canAdd !== false) && (
            <>
              {view.Actions && <view.Actions />}
              <ImportLink entityType={register.entityType} />
              {view.canAdd !== false && (
                <Button component={Link} to={`${register.path}/add`} leftSection={<IconPlus size={16} />}>
                  {list.addLabel}
                </Button>
              )}
            </>
          )
        }
      />
      <ListToolbar
        actions={
          <ExportMenu
            fileName={`${register.queryKey}-export`}
            download={(format) => {
              const { page: _page, ...filters } = state
              return call(view.exportEndpoint, { query: { ...filters, format } })
            }}
          />
        }
      >
        <SearchBox
          value={state.searchQuery}
          onSearch={(searchQuery) => set({ searchQuery: searchQuery.trim() })}
          placeholder={list.searchPlaceholder}
          applyOn={list.searchOnEnter ? 'enter' : 'typing'}
        />
        <SortSelect value={state.sortBy} options={list.sorts} onChange={(sortBy) => set({ sortBy })} />
      </ListToolbar>
      {list.searchOnEnter && state.searchQuery && (
        <Group>
          <Button
            size="xs"
            variant="light"
            radius="xl"
            rightSection={<IconX size={14} aria-hidden />}
            title="Clear this search"
            onClick={() => set({ searchQuery: '' })}
          >
            Search: {state.searchQuery}
          </Button>
        </Group>
      )}
      <DataTable
        label={view.title}
        minWidth={list.minWidth}
        rows={rows}
        rowKey={register.idOf}
        rowHref={(row) => recordHref(register.entityType, register.idOf(row))}
        rowNumberStart={(state.page - 1) * REGISTER_PAGE_SIZE + 1}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        loadingText={loadingText}
        error={
          query.isError
            ? `Error loading ${view.title.toLowerCase()}: ${errorMessage(query.error, 'Unknown error')}`
            : null
        }
        emptyText={view.emptyText}
        columns={view.columns ?? list.columns}
        pager={pager(query.data?.totalPages, { onlyWhenPaged: list.pagerOnlyWhenPaged })}
      />
    </Stack>
  )
}
