import { moneyFields } from '@daftar/domain/field-labels'
import { formatCurrency, formatDate, formatDateTime } from '@daftar/domain/format'
import type { HistoryChange, HistoryEntityType, HistoryEntry } from '@daftar/domain/history'
import { Alert, Button, Group, Loader, Paper, Stack, Text, Timeline } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { errorMessage } from '../../api/client.ts'
import { historyQuery } from './api.ts'
import classes from './history.module.css'

/** 'PARTIALLY_PAID' → 'Partially paid': a stored state as people read it. */
const words = (value: string) =>
  /^[A-Z][A-Z_]+$/.test(value) ? value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ') : value

/** A change's side as people read it: dates and money formatted, a missing value a dash. */
export function shownValue(field: string, value: string | null): string {
  if (value === null || value === '') return '—'
  const key = field.split('.').at(-1) ?? ''
  if (
    (moneyFields.has(key) || key === 'amount_paid' || key === 'total_amount') &&
    /^-?\d+(\.\d+)?$/.test(value)
  )
    return formatCurrency(Number(value))
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value)
  return words(value)
}

function Changes({ changes }: { changes: HistoryChange[] }) {
  return (
    <dl className={classes.changes}>
      {changes.map((c) => (
        <div key={c.field} className={classes.change}>
          <dt>{c.label}</dt>
          <dd>
            {c.from !== null && (
              <>
                <span className={classes.from}>{shownValue(c.field, c.from)}</span>
                <span aria-hidden="true"> → </span>
                <span className={classes.hidden}>changed to </span>
              </>
            )}
            <span className={c.to === null ? classes.removed : undefined}>{shownValue(c.field, c.to)}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** One entry: what happened, who did it and when, who asked, and field by field what changed. */
export function HistoryEntryView({ entry }: { entry: HistoryEntry }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {entry.actor?.full_name ?? 'System'} · {formatDateTime(entry.at)}
      </Text>
      {entry.requester && <Text size="sm">Requested by {entry.requester.full_name}</Text>}
      {entry.detailed ? (
        entry.changes.length > 0 && <Changes changes={entry.changes} />
      ) : (
        <Text size="sm" c="dimmed">
          Changed (the details of this change were not recorded at the time).
        </Text>
      )}
    </Stack>
  )
}

/**
 * The History tab of every record (docs/decisions.md, "History and activity"): newest first, a page at
 * a time with 'Load more'; the server answers only those who may read the record.
 */
export function HistoryTimeline({
  entityType,
  entityId,
}: {
  entityType: HistoryEntityType
  entityId: string
}) {
  const history = useInfiniteQuery(historyQuery(entityType, entityId))
  if (history.isPending)
    return (
      <Group gap="xs" c="dimmed" py="md">
        <Loader size="sm" />
        <Text size="sm">Loading history...</Text>
      </Group>
    )
  if (history.isError)
    return (
      <Alert color="red" variant="light" title="Could not load the history" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(history.error, 'Something went wrong.')}</Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    )
  const entries = history.data.pages.flat()
  if (entries.length === 0)
    return (
      <Paper withBorder p="lg" ta="center">
        <Text c="dimmed" size="sm">
          No history yet.
        </Text>
      </Paper>
    )
  return (
    <Stack gap="md" className={classes.timeline}>
      <Timeline bulletSize={22} lineWidth={2} active={-1} aria-label="History">
        {entries.map((entry) => (
          <Timeline.Item
            key={entry.id}
            bullet={<IconHistory size={12} />}
            title={entry.summary}
            data-testid="history-entry"
          >
            <HistoryEntryView entry={entry} />
          </Timeline.Item>
        ))}
      </Timeline>
      {history.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Load more
        </Button>
      ) : (
        entries.length > 5 && (
          <Text size="xs" c="dimmed">
            That is the whole history.
          </Text>
        )
      )}
    </Stack>
  )
}
