import { formatDateTime } from '@daftar/domain/format'
import { type ActionType, actionTypes, type EntityType, entityTypes } from '@daftar/domain/registers'
import { Alert, Badge, Select, Stack, Text, Tooltip } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { DataTable } from '../../ui/list/DataTable.tsx'
import { ListToolbar } from '../../ui/list/ListToolbar.tsx'
import { ListPager } from '../../ui/list/PageNumberInput.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { actionColors, actionLabels, entityLabels, type PendingAction, pendingActionsQuery } from './api.ts'

const pick = <T extends string>(values: readonly T[], raw: string | null) =>
  raw && (values as readonly string[]).includes(raw) ? (raw as T) : undefined

export default function ApprovalQueuePage() {
  const { data: me } = useMe()
  const admin = Boolean(me?.isadmin)
  const users = useQuery({ ...usersQuery, enabled: admin })
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const filters = {
    page,
    entityType: pick<EntityType>(entityTypes, params.get('entityType')),
    actionType: pick<ActionType>(actionTypes, params.get('actionType')),
    requestedBy: params.get('requestedBy') || undefined,
  }
  const query = useQuery(pendingActionsQuery(filters))

  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set(key, value)
        else next.delete(key)
        if (key !== 'page') next.delete('page')
        return next
      },
      { replace: true },
    )

  return (
    <Stack maw={1200} mx="auto" gap="md">
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
          value={filters.entityType ?? null}
          onChange={(v) => set('entityType', v)}
          clearable
          w={200}
        />
        <Select
          aria-label="Action type"
          placeholder="All actions"
          data={actionTypes.map((t) => ({ value: t, label: actionLabels[t] }))}
          value={filters.actionType ?? null}
          onChange={(v) => set('actionType', v)}
          clearable
          w={180}
        />
        {admin && (
          <Select
            aria-label="Requested by"
            placeholder="Anyone"
            data={(users.data ?? []).map((u) => ({
              value: u.username,
              label: `${u.full_name} (@${u.username})`,
            }))}
            value={filters.requestedBy ?? null}
            onChange={(v) => set('requestedBy', v)}
            searchable
            clearable
            w={240}
          />
        )}
      </ListToolbar>
      <DataTable<PendingAction>
        label="Pending actions"
        minWidth={820}
        rows={query.data?.pendingActions}
        rowKey={(a) => a.action_id}
        rowHref={(a) => `/admin/approvals/${a.action_id}`}
        linkColumn="entity"
        loading={query.isPending}
        stale={query.isPlaceholderData}
        loadingText="Loading pending actions..."
        error={
          query.isError
            ? `Error loading pending actions: ${errorMessage(query.error, 'Unknown error')}`
            : null
        }
        emptyText="No pending actions found."
        columns={[
          {
            key: 'type',
            header: 'Type',
            nowrap: true,
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
            render: (a) =>
              a.entity_display_id ? (
                <Text size="sm" ff="monospace">
                  {a.entity_display_id}
                </Text>
              ) : a.entity_id ? (
                <Tooltip label={a.entity_id}>
                  <Text size="sm" ff="monospace" aria-label={a.entity_id}>
                    {a.entity_id.slice(0, 8)}…
                  </Text>
                </Tooltip>
              ) : (
                <Text size="sm" c="dimmed">
                  New record
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
        ]}
      />
      <ListPager
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        onChange={(p) => set('page', p > 1 ? String(p) : null)}
      />
    </Stack>
  )
}
