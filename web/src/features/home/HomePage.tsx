import { Paper, Stack, Text, Title } from '@mantine/core'
import { useMe } from '../../api/shared-queries.ts'

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning'
  if (hour < 17) return 'Good afternoon'
  return 'Good evening'
}

export default function HomePage() {
  const { data: me } = useMe()
  return (
    <Stack maw={960} mx="auto">
      <Paper withBorder p="xl" radius="lg">
        <Title order={2}>
          {greeting(new Date().getHours())}
          {me ? `, ${me.full_name.split(' ')[0]}` : ''}
        </Title>
        <Text c="dimmed">{me?.orgName}</Text>
      </Paper>
    </Stack>
  )
}
