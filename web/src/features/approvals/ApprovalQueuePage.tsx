import { formatDateTime } from '@daftar/domain/format'
import { actionTypes, entityTypes, pendingActionsQuery as listQuerySchema } from '@daftar/domain/registers'
import { Alert, Badge, Select, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { ListToolbar } from '../../ui/list/ListToolbar.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { userLabel } from '../../ui/UserPicker.tsx'
import { actionColors, actionLabels, entityLabels, type PendingAction, pendingActionsQuery } from './api.ts'

/** What a record is known by in the queue: its display id, 'New record' for a create, else nothing. */
export function entityIdText(a: Pick<PendingAction, 'entity_display_id' | 'entity_id'>): string | null {
  if (a.entity_display_id) return a.entity_display_id
  return a.entity_id ? null : 'New record'
}

const columns: Column<PendingAction>[] = [
  {
    key: 'type',
    header: 'Type',
    nowrap: true,
    phone: 'aside',
    render: (a) => (
      <Badge variant="light" color={actionColors[a.action_type]}>
        {actionLabels[a.action_type]}
      </Badge>
    ),
  },
  {
    key: 'entity',
    header: 'Entity',
    render: (a) => (
      <div>
        <Text size="sm" fw={600}>
          {entityLabels[a.entity_type] ?? a.entity_type}
        </Text>
        {a.summary && (
          <Text size="xs" c="dimmed">
            {a.summary}
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'id',
    header: 'Entity ID',
    render: (a) => (
      <Text
        size="sm"
        ff={a.entity_display_id ? 'monospace' : undefined}
        c={a.entity_display_id ? undefined : 'dimmed'}
      >
        {entityIdText(a) ?? 'N/A'}
      </Text>
    ),
  },
  {
    key: 'by',
    header: 'Requested By',
    render: (a) => (
      <div>
        <Text size="sm">{a.requested_by_fullname}</Text>
        <Text size="xs" c="dimmed">
          @{a.requested_by_username}
        </Text>
      </div>
    ),
  },
  { key: 'at', header: 'Requested At', nowrap: true, render: (a) => formatDateTime(a.requested_at) },
]

/** /admin/approvals: every pending action for admins, their own for staff (docs/product.md, "The admin approval queue"). */
export default function ApprovalQueuePage() {
  const { data: me } = useMe()
  const admin = Boolean(me?.isadmin)
  const users = useQuery({ ...usersQuery, enabled: admin })
  const { state, set, setPage } = useListState(listQuerySchema)
  const query = useQuery(pendingActionsQuery(state))

  return (
    <Stack gap="md">
      <PageHeader
        title="Admin Approval Queue"
        description={
          admin
            ? 'Requests from staff to create or change records. Open one to review and approve or reject it.'
            : 'Your requests waiting for an administrator.'
        }
      />
      {!admin && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          You can follow your own pending requests here. Only administrators can approve or reject them.
        </Alert>
      )}
      <ListToolbar>
        <Select
          aria-label="Entity type"
          placeholder="All record types"
          data={entityTypes.map((t) => ({ value: t, label: entityLabels[t] }))}
          value={state.entityType ?? null}
          onChange={(entityType) => set({ entityType })}
          clearable
          w={200}
        />
        <Select
          aria-label="Action type"
          placeholder="All actions"
          data={actionTypes.map((t) => ({ value: t, label: actionLabels[t] }))}
          value={state.actionType ?? null}
          onChange={(actionType) => set({ actionType })}
          clearable
          w={180}
        />
        {admin && (
          <Select
            aria-label="Requested by"
            placeholder="Anyone"
            data={(users.data ?? []).map((u) => ({
              value: u.username,
              label: userLabel(u),
            }))}
            value={state.requestedBy ?? null}
            onChange={(requestedBy) => set({ requestedBy })}
            searchable
            clearable
            w={240}
          />
        )}
      </ListToolbar>
      <DataTable
        label="Pending actions"
        minWidth={820}
        rows={query.data?.pendingActions}
        rowKey={(a) => a.action_id}
        rowHref={(a) => `/admin/approvals/${a.action_id}`}
        linkColumn="entity"
        rowNumberStart={(state.page - 1) * state.limit + 1}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        loadingText="Loading pending actions..."
        error={
          query.isError
            ? `Error loading pending actions: ${errorMessage(query.error, 'Unknown error')}`
            : null
        }
        emptyText="No pending actions found."
        columns={columns}
        pager={{ page: state.page, totalPages: query.data?.totalPages ?? 1, onChange: setPage }}
      />
    </Stack>
  )
}
