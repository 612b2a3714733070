import { formatDateTime, formatRelativeTime } from '@daftar/domain/format'
import { type SessionSummary, sessionEndpoints } from '@daftar/domain/security'
import { Badge, Button, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { type Column, DataTable, queryRows } from '../../ui/list/DataTable.tsx'
import { useConfirmedAction } from '../../ui/use-confirmed-action.ts'
import { securityKeys, sessionsQuery } from './security-api.ts'

type Ending = { kind: 'one'; session: SessionSummary } | { kind: 'others' }

/** The devices signed in to this account; any but this one can be signed out from here. */
export function SessionsSection() {
  const query = useQuery(sessionsQuery)
  const end = useConfirmedAction({
    run: (what: Ending) =>
      what.kind === 'one'
        ? call(sessionEndpoints.end, { params: { id: what.session.session_id } })
        : call(sessionEndpoints.endOthers),
    failed: 'Failed to sign out the session.',
    invalidate: securityKeys.all,
  })
  const ending = end.target
  const others = (query.data ?? []).filter((s) => !s.current)

  const columns: Column<SessionSummary>[] = [
    {
      key: 'device',
      header: 'Device',
      render: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {s.device}
          </Text>
          {s.current && (
            <Badge size="sm" variant="light" color="teal">
              This device
            </Badge>
          )}
        </Group>
      ),
      phone: 'title',
    },
    { key: 'ip', header: 'Address', render: (s) => s.ip ?? '—', nowrap: true },
    { key: 'created', header: 'Signed in', render: (s) => formatDateTime(s.created_at), nowrap: true },
    { key: 'used', header: 'Last active', render: (s) => formatRelativeTime(s.last_used_at), nowrap: true },
    {
      key: 'action',
      header: <VisuallyHidden>Action</VisuallyHidden>,
      label: 'Action',
      render: (s) =>
        s.current ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => end.ask({ kind: 'one', session: s })}
            aria-label={`Sign out ${s.device}, ${s.ip ?? 'unknown address'}`}
          >
            Sign out
          </Button>
        ),
      phone: 'wide',
    },
  ]

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="sessions-heading">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={4} id="sessions-heading">
            Where you are signed in
          </Title>
          <Text size="sm" c="dimmed">
            Sign out any device you do not recognise, then change your password.
          </Text>
        </div>
        <Button
          variant="light"
          color="red"
          disabled={others.length === 0}
          onClick={() => end.ask({ kind: 'others' })}
        >
          Sign out all others
        </Button>
      </Group>
      <DataTable
        label="Signed-in devices"
        columns={columns}
        rowKey={(s) => s.session_id}
        {...queryRows(query, 'Failed to load sessions.')}
        emptyText="No other sessions."
      />
      <ConfirmDialog
        {...end.dialog}
        title={ending?.kind === 'others' ? 'Sign out all other devices?' : 'Sign out this device?'}
        message={
          ending?.kind === 'one'
            ? `${ending.session.device} (${ending.session.ip ?? 'unknown address'}) will be signed out at once.`
            : `Every other device (${others.length}) will be signed out at once. This one stays signed in.`
        }
        confirmLabel="Sign out"
        color="red"
      />
    </Paper>
  )
}
