import { formatCurrency } from '@daftar/domain/format'
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core'
import { IconCash, IconClipboardText, IconReceipt2 } from '@tabler/icons-react'
import type { Billing } from '../api.ts'

/**
 * Total order value, total billed amount and total cost incurred of a project; while they load, the
 * same cards with their figures in skeleton, so nothing moves when they arrive.
 */
export function MetricCards({ summary }: { summary: Billing['summary'] | undefined }) {
  const cards = [
    {
      label: 'Total Order Value',
      value: summary?.total_order_value,
      icon: IconClipboardText,
      color: 'indigo',
    },
    { label: 'Total Billed Amount', value: summary?.total_billed_amount, icon: IconReceipt2, color: 'teal' },
    { label: 'Total Cost Incurred', value: summary?.total_cost_incurred, icon: IconCash, color: 'orange' },
  ]
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="md" role="group" aria-label={card.label}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                {card.label}
              </Text>
              <Skeleton visible={card.value === undefined} mt={4}>
                {/* While loading, a blank line of the figure's own height and no figure to read. */}
                <Text
                  fz={24}
                  fw={700}
                  data-testid={card.value === undefined ? undefined : `metric-${card.label}`}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {card.value === undefined ? '\u00a0' : formatCurrency(card.value)}
                </Text>
              </Skeleton>
            </div>
            <ThemeIcon variant="light" color={card.color} size={40} radius="md" aria-hidden>
              <card.icon size={22} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
