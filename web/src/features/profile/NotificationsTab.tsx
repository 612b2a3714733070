import {
  type NotificationChannel,
  type NotificationPreferences,
  notificationChannelLabels,
  notificationChannels,
  notificationPreferenceEndpoints,
  notificationPreferencesInput,
} from '@daftar/domain/notifications'
import { Button, Checkbox, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { FormFailure } from '../../ui/form/FormFailure.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { notificationPreferencesQuery } from './notifications-api.ts'

const LOCKED_TIP = 'Approvals and assignments always show in the app.'

/**
 * The profile's Notifications tab: which channels each notification type uses, and the daily digest
 * (docs/decisions.md, "Notification preferences and mail"). A table of types × channels on a wide
 * screen, a card per type on a phone; channels that cannot be turned off are disabled with a tooltip.
 */
export function NotificationsTab() {
  const query = useQuery(notificationPreferencesQuery)
  if (!query.data)
    return (
      <Paper withBorder p="lg" radius="lg">
        <Text c={query.isError ? 'red' : 'dimmed'}>
          {query.isError
            ? errorMessage(query.error, 'Failed to load notification preferences.')
            : 'Loading notification preferences...'}
        </Text>
      </Paper>
    )
  // A fresh form for each answer the server gives (after a save, its stored state).
  return <PreferencesForm key={query.dataUpdatedAt} data={query.data} />
}

type Row = NotificationPreferences['preferences'][number] & { index: number }

function PreferencesForm({ data }: { data: NotificationPreferences }) {
  const { data: me } = useMe()
  const f = useSchemaForm({
    schema: notificationPreferencesInput,
    initialValues: {
      preferences: data.preferences.map(({ type, in_app, push, email }) => ({ type, in_app, push, email })),
      daily_digest: data.daily_digest,
    },
    submit: (body) => call(notificationPreferenceEndpoints.update, { body }),
    failed: 'Failed to save notification preferences.',
    invalidate: [notificationPreferencesQuery.queryKey],
    guard: true,
  })
  const rows: Row[] = data.preferences.map((p, index) => ({ ...p, index }))
  /** One type's box for one channel; `shown` is its visible label (phone cards), else none. */
  const box = (row: Row, c: NotificationChannel, shown?: string) => {
    const locked = row.locked.includes(c)
    const checkbox = (
      <Checkbox
        aria-label={`${row.label}: ${notificationChannelLabels[c]}`}
        label={shown}
        disabled={locked}
        style={{ display: 'inline-block', verticalAlign: 'middle' }}
        {...f.form.getInputProps(`preferences.${row.index}.${c}`, { type: 'checkbox' })}
      />
    )
    return locked ? (
      <Tooltip label={LOCKED_TIP} events={{ hover: true, focus: true, touch: true }}>
        <span style={{ display: 'inline-block' }} title={LOCKED_TIP}>
          {checkbox}
        </span>
      </Tooltip>
    ) : (
      checkbox
    )
  }
  const channel = (c: NotificationChannel): Column<Row> => ({
    key: c,
    header: notificationChannelLabels[c],
    align: 'center',
    width: 90,
    render: (row) => box(row, c),
  })
  // On a phone each type is a card: its name, then its three channels side by side, labelled.
  const card = (row: Row) => (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {row.label}
      </Text>
      <Group gap="lg">
        {notificationChannels.map((c) => (
          <span key={c}>{box(row, c, notificationChannelLabels[c])}</span>
        ))}
      </Group>
    </Stack>
  )
  const columns: Column<Row>[] = [
    { key: 'type', header: 'Notification', render: (row) => row.label, phone: 'title' },
    ...notificationChannels.map(channel),
  ]
  return (
    <form {...f.formProps} aria-labelledby="notification-preferences-heading">
      {f.guard}
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="lg" component="section">
          <Title order={4} id="notification-preferences-heading">
            Notifications
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Choose how you are told about each kind of event: in the app, as a push notification on the
            devices where you allowed them, or by e-mail{me?.email ? ` to ${me.email}` : ''}.
          </Text>
          {me && !me.email && (
            <Text size="sm" c="orange" mb="sm">
              Your profile has no e-mail address, so no mail can be sent to you.
            </Text>
          )}
          <DataTable
            label="Notification channels"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.type}
            emptyText=""
            minWidth={480}
            card={card}
          />
        </Paper>
        <Paper withBorder p="lg" radius="lg" component="section">
          <Title order={4}>Daily digest</Title>
          <Switch
            mt="sm"
            label="Send me a daily digest by e-mail"
            description="At 08:00: your tasks due today, overdue, and what waits for your approval. Nothing is sent on a day with nothing in it."
            {...f.form.getInputProps('daily_digest', { type: 'checkbox' })}
          />
        </Paper>
        <FormFailure failure={f.failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={f.busy} disabled={!f.dirty}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
