import { clientSorts } from '@daftar/domain/clients'
import { REGISTER_PAGE_SIZE } from '@daftar/domain/registers'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { DataTable } from '../../ui/DataTable.tsx'
import { ListToolbar, SearchBox, SortSelect } from '../../ui/ListToolbar.tsx'
import { useListParams } from '../../ui/list-params.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageNumberInput } from '../../ui/PageNumberInput.tsx'
import { type ClientListItem, clientListQuery, clientSortOptions } from './api.ts'

const orNA = (v: string | null) => v || 'N/A'

export default function ClientsListPage() {
  const list = useListParams(clientSorts, 'name_asc')
  const query = useQuery(clientListQuery({ page: list.page, searchQuery: list.search, sortBy: list.sort }))
  const totalPages = query.data?.totalPages ?? 1

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader title="Clients" description="Companies the organisation works for." />
      <ListToolbar
        actions={
          <Button component={Link} to="/clients/add" leftSection={<IconPlus size={16} />}>
            Add Client
          </Button>
        }
      >
        <SearchBox
          value={list.search}
          onSearch={list.setSearch}
          placeholder="Search name, GSTIN, contact..."
        />
        <SortSelect value={list.sort} options={clientSortOptions} onChange={list.setSort} />
      </ListToolbar>
      <DataTable<ClientListItem>
        label="Clients"
        rows={query.data?.clients}
        rowKey={(c) => c.client_id}
        rowHref={(c) => `/clients/${c.client_id}`}
        rowNumberStart={(list.page - 1) * REGISTER_PAGE_SIZE + 1}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        loadingText="Loading clients..."
        error={query.isError ? `Error loading clients: ${errorMessage(query.error, 'Unknown error')}` : null}
        emptyText="No clients found."
        columns={[
          {
            key: 'name',
            header: 'Name',
            render: (c) => (
              <>
                {c.name}
                <Text span size="xs" c="dimmed" ml={6} fw={400}>
                  {c.client_id_display}
                </Text>
              </>
            ),
          },
          { key: 'contact', header: 'Contact Person', render: (c) => orNA(c.contact_person_name) },
          { key: 'phone', header: 'Phone', nowrap: true, render: (c) => orNA(c.contact_person_phone) },
          { key: 'email', header: 'Email', render: (c) => orNA(c.contact_person_email) },
        ]}
      />
      <Group justify="flex-end">
        <PageNumberInput page={list.page} totalPages={totalPages} onChange={list.setPage} />
      </Group>
    </Stack>
  )
}
