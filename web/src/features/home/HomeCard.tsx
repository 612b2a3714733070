import { formatCurrency, formatShortDate } from '@daftar/domain/format'
import { toPaise } from '@daftar/domain/gst'
import type { HomeItem, HomeMoneySection, HomeRequestItem, HomeSection } from '@daftar/domain/home'
import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useNarrow } from '../../ui/use-narrow.ts'
import { AgingBars } from './AgingBars.tsx'
import classes from './home.module.css'
import type { SectionCard } from './sections.ts'

type AnySection = HomeSection | HomeMoneySection | { count: number; items: HomeRequestItem[] }
type AnyItem = HomeItem & { amount?: number; status?: HomeRequestItem['status'] }

const requestBadges = {
  PENDING: { label: 'Pending', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
} as const

/** One section of the home page: its title and count, its first items as links, and the way to all of them. */
export function HomeCard({ card, section }: { card: SectionCard; section: AnySection }) {
  const headingId = `home-${card.key}`
  const items = section.items as AnyItem[]
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-section={card.key}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color={card.color} size={30} radius="md" aria-hidden>
              <card.icon size={18} />
            </ThemeIcon>
            <Title order={2} size="h5" id={headingId} lineClamp={1}>
              {card.title}
            </Title>
          </Group>
          <Badge
            size="lg"
            circle={section.count < 100}
            variant={section.count ? 'filled' : 'light'}
            color={section.count ? card.color : 'gray'}
            data-testid="section-count"
            aria-label={`${section.count} in ${card.title}`}
          >
            {section.count}
          </Badge>
        </Group>
        {'aging' in section && <MoneySummary card={card} section={section} />}
        {section.count === 0 ? (
          <GoodNews text={card.empty} />
        ) : (
          <ul className={classes.items}>
            {items.map((item) => (
              <li key={item.id}>
                <ItemLink item={item} />
              </li>
            ))}
          </ul>
        )}
        <Group justify="space-between" mt="auto" gap="xs">
          <Text size="xs" c="dimmed">
            {section.count > items.length ? `${section.count - items.length} more` : ''}
          </Text>
          <Anchor component={Link} to={card.viewAll} size="sm" aria-label={`View all: ${card.title}`}>
            View all
          </Anchor>
        </Group>
      </Stack>
    </Card>
  )
}

function ItemLink({ item }: { item: AnyItem }) {
  const narrow = useNarrow()
  const badge = item.status && requestBadges[item.status]
  return (
    <Link to={item.url} className={classes.item}>
      <span className={classes.itemText}>
        <span className={classes.itemTitle}>{item.title}</span>
        {item.subtitle && <span className={classes.itemSubtitle}>{item.subtitle}</span>}
      </span>
      <span className={classes.itemAside}>
        {item.amount !== undefined && <span className={classes.amount}>{formatCurrency(item.amount)}</span>}
        {badge && (
          <Badge size="sm" variant="light" color={badge.color}>
            {badge.label}
          </Badge>
        )}
        {item.date && <span className={classes.itemDate}>{formatShortDate(item.date, narrow)}</span>}
      </span>
    </Link>
  )
}

/** An empty section is good news, said as such. */
export function GoodNews({ text }: { text: string }) {
  return (
    <Group gap="xs" wrap="nowrap" py="xs" data-testid="good-news">
      <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />
      <Text size="sm" c="teal.9" fw={500}>
        {text}
      </Text>
    </Group>
  )
}

/** What the aging strip holds past its due date, to the paisa. */
function overdueOf({ days_1_30, days_31_60, days_61_90, days_over_90 }: HomeMoneySection['aging']) {
  return [days_1_30, days_31_60, days_61_90, days_over_90].reduce((sum, v) => sum + toPaise(v), 0) / 100
}

function MoneySummary({ card, section }: { card: SectionCard; section: HomeMoneySection }) {
  const dueSoon = card.key === 'payables_due_soon'
  // Bills already overdue are not 'due this week': said beside it, so '₹0 due this week' never reads
  // as nothing owed beside red bars (docs/decisions.md, "The home page").
  const overdue = dueSoon ? overdueOf(section.aging) : 0
  return (
    <Stack gap={6}>
      <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCurrency(section.amount)}
        <Text span size="sm" c="dimmed" fw={500} ml={6}>
          {dueSoon ? 'due this week' : 'overdue'}
        </Text>
      </Text>
      {overdue > 0 && (
        <Text size="sm" c="red.8" fw={600} mt={-4} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {`${formatCurrency(overdue)} already overdue`}
        </Text>
      )}
      <AgingBars aging={section.aging} label={`${card.title}: amount due by age`} />
    </Stack>
  )
}
