import { formatCurrency } from '@daftar/domain/format'
import { projectSorts } from '@daftar/domain/projects'
import { REGISTER_PAGE_SIZE } from '@daftar/domain/registers'
import { Button, Group, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { DataTable } from '../../ui/DataTable.tsx'
import { ListToolbar, SearchBox, SortSelect } from '../../ui/ListToolbar.tsx'
import { useListParams } from '../../ui/list-params.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageNumberInput } from '../../ui/PageNumberInput.tsx'
import { type ProjectListItem, type ProjectListKind, projectListQuery, projectSortOptions } from './api.ts'

function ProjectsList({ kind }: { kind: ProjectListKind }) {
  const list = useListParams(projectSorts, 'name_asc')
  const query = useQuery(
    projectListQuery(kind, { page: list.page, searchQuery: list.search, sortBy: list.sort }),
  )
  const archived = kind === 'archived'

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title={archived ? 'Archived Projects' : 'Projects'}
        description={archived ? 'Finished or paused projects, kept for reference.' : 'Projects in progress.'}
      />
      <ListToolbar
        actions={
          !archived && (
            <Button component={Link} to="/projects/add" leftSection={<IconPlus size={16} />}>
              Add Project
            </Button>
          )
        }
      >
        <SearchBox
          value={list.search}
          onSearch={list.setSearch}
          placeholder="Search project, client, type..."
        />
        <SortSelect value={list.sort} options={projectSortOptions} onChange={list.setSort} />
      </ListToolbar>
      <DataTable<ProjectListItem>
        label={archived ? 'Archived projects' : 'Projects'}
        minWidth={820}
        rows={query.data?.projects}
        rowKey={(p) => p.project_id}
        rowHref={(p) => `/projects/${p.project_id}`}
        rowNumberStart={(list.page - 1) * REGISTER_PAGE_SIZE + 1}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        loadingText="Loading projects..."
        error={query.isError ? `Error loading projects: ${errorMessage(query.error, 'Unknown error')}` : null}
        emptyText={archived ? 'No archived projects found.' : 'No projects found.'}
        columns={[
          { key: 'name', header: 'Project Name', render: (p) => p.name },
          { key: 'client', header: 'Client Name', render: (p) => p.client_name || 'N/A' },
          {
            key: 'order',
            header: 'Order Value',
            align: 'right',
            nowrap: true,
            render: (p) => formatCurrency(p.order_value),
          },
          {
            key: 'billed',
            header: 'Billed Amount',
            align: 'right',
            nowrap: true,
            render: (p) => formatCurrency(p.billed_amount),
          },
          { key: 'type', header: 'Project Type', render: (p) => p.project_type || 'N/A' },
        ]}
      />
      <Group justify="flex-end">
        <PageNumberInput page={list.page} totalPages={query.data?.totalPages ?? 1} onChange={list.setPage} />
      </Group>
    </Stack>
  )
}

export default function ActiveProjectsPage() {
  return <ProjectsList kind="active" key="active" />
}

export function ArchivedProjectsPage() {
  return <ProjectsList kind="archived" key="archived" />
}
