import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { RetryAlert, SectionBoundary } from '../../app/errors.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { type Home, homeQuery } from './api.ts'
import { HomeCard } from './HomeCard.tsx'
import { sectionCards } from './sections.ts'

const grid = { base: 1, sm: 2, lg: 3 } as const

/**
 * Where the day starts (docs/decisions.md, "The home page"): a card per section the caller's role
 * sees, in one request; a card that fails to render says so alone and the others stay.
 */
export default function HomePage() {
  const { data: me } = useMe()
  const home = useQuery(homeQuery)
  return (
    <Stack gap="md" w="100%">
      <PageHeader title="Home" description={me ? `${greeting()}, ${me.full_name}.` : undefined} />
      {home.data ? (
        <Cards home={home.data} />
      ) : home.isError ? (
        <RetryAlert
          message={errorMessage(home.error, 'Your home page could not be loaded.')}
          onRetry={() => home.refetch()}
          icon={<IconAlertTriangle size={18} />}
          retryIcon={<IconRefresh size={14} />}
        />
      ) : (
        <Loading />
      )}
    </Stack>
  )
}

function Cards({ home }: { home: Home }) {
  return (
    <SimpleGrid cols={grid} spacing="md">
      {sectionCards.map((card) => {
        const section = home[card.key]
        if (!section) return null
        return (
          <SectionBoundary key={card.key}>
            <HomeCard card={card} section={section} />
          </SectionBoundary>
        )
      })}
    </SimpleGrid>
  )
}

function Loading() {
  return (
    <SimpleGrid cols={grid} spacing="md" aria-busy="true" aria-label="Loading your home page">
      {[1, 2, 3, 4, 5, 6].map((n) => (
        <Card key={n} withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Skeleton h={20} w="60%" />
            <Skeleton h={14} />
            <Skeleton h={14} w="80%" />
            <Skeleton h={14} w="70%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  )
}

function greeting(now = new Date()): string {
  const hour = now.getHours()
  return hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening'
}
