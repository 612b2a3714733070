import { type AgingBucket, agingBuckets, agingLabels } from '@daftar/domain/accounts'
import { formatCurrency } from '@daftar/domain/format'
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconAlertTriangle, IconCash, IconFileInvoice, IconPencil } from '@tabler/icons-react'
import classes from './accounts.module.css'
import type { DocSummary } from './api.ts'
import type { KindConfig } from './kinds.ts'

/** The four cards of docs/product.md ("Lists, summary and export"): unpaid, overdue, drafts (count and value), received or paid. */
export function SummaryCards({
  config,
  summary,
  filtered,
}: {
  config: KindConfig
  summary: DocSummary | undefined
  /** Both dates set: the last card counts the filter period. */
  filtered: boolean
}) {
  const unpaid = summary && ('totalReceivable' in summary ? summary.totalReceivable : summary.totalPayable)
  const received =
    summary && ('receivedThisMonth' in summary ? summary.receivedThisMonth : summary.paidThisMonth)
  const cards = [
    {
      label: config.cards.unpaid,
      value: unpaid === undefined ? undefined : formatCurrency(unpaid),
      icon: IconCash,
      color: 'indigo',
    },
    {
      label: 'Total Overdue',
      value: summary && formatCurrency(summary.totalOverdue),
      icon: IconAlertTriangle,
      color: 'red',
    },
    {
      label: 'In Drafts',
      value: summary && `${summary.draftCount} · ${formatCurrency(summary.draftTotalValue)}`,
      icon: IconPencil,
      color: 'gray',
    },
    {
      label: filtered ? config.cards.receivedFiltered : config.cards.received,
      value: received === undefined ? undefined : formatCurrency(received),
      icon: IconFileInvoice,
      color: 'teal',
    },
  ]
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="sm" role="group" aria-label={card.label}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" className={classes.cardLabel}>
                {card.label}
              </Text>
              {card.value === undefined ? (
                <Skeleton h={24} mt={6} w={110} />
              ) : (
                <Text fz={{ base: 17, sm: 22 }} fw={700} mt={4} className={classes.figure}>
                  {card.value}
                </Text>
              )}
            </div>
            <ThemeIcon variant="light" color={card.color} size={34} radius="md" aria-hidden visibleFrom="sm">
              <card.icon size={20} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

/** Beyond the spec: what is due, by how late it is; a click filters the list to that bucket. */
export function AgingStrip({
  aging,
  active,
  onSelect,
}: {
  aging: DocSummary['aging'] | undefined
  active: AgingBucket | undefined
  onSelect: (bucket: AgingBucket | '') => void
}) {
  return (
    <Paper withBorder radius="md" p={4} aria-label="Amount due by age">
      <div className={classes.aging}>
        {agingBuckets.map((bucket) => {
          const selected = active === bucket
          return (
            <UnstyledButton
              key={bucket}
              className={classes.agingCell}
              data-bucket={bucket}
              data-active={selected || undefined}
              aria-pressed={selected}
              onClick={() => onSelect(selected ? '' : bucket)}
            >
              <Text size="xs" c={bucket === 'current' ? 'dimmed' : 'red.9'} fw={600}>
                {agingLabels[bucket]}
              </Text>
              <Text size="sm" fw={700} className={classes.figure}>
                {aging ? formatCurrency(aging[bucket]) : '…'}
              </Text>
            </UnstyledButton>
          )
        })}
      </div>
    </Paper>
  )
}
