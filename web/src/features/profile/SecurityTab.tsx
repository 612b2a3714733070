import { formatDateTime } from '@daftar/domain/format'
import { type SignInRecord, signInOutcomeLabels } from '@daftar/domain/security'
import { Badge, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { SectionBoundary } from '../../app/errors.tsx'
import { type Column, DataTable, queryRows } from '../../ui/list/DataTable.tsx'
import { PasskeysSection } from './PasskeysSection.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { signInsQuery } from './security-api.ts'
import { TwoFactorSection } from './TwoFactorSection.tsx'

/**
 * The profile's Security tab: two-factor sign-in, passkeys, the signed-in devices and the last sign-ins
 * (docs/security.md, "V6 Authentication", "V7 Session management"). Each card fails alone.
 */
export function SecurityTab() {
  return (
    <Stack gap="lg">
      <SectionBoundary>
        <TwoFactorSection />
      </SectionBoundary>
      <SectionBoundary>
        <PasskeysSection />
      </SectionBoundary>
      <SectionBoundary>
        <SessionsSection />
      </SectionBoundary>
      <SectionBoundary>
        <SignInsSection />
      </SectionBoundary>
    </Stack>
  )
}

const signInColumns: Column<SignInRecord>[] = [
  {
    key: 'when',
    header: 'When',
    render: (r) => formatDateTime(r.signed_in_at),
    nowrap: true,
    phone: 'title',
  },
  {
    key: 'outcome',
    header: 'Result',
    render: (r) => (
      <Badge variant="light" color={r.outcome === 'SUCCESS' ? 'teal' : 'red'}>
        {signInOutcomeLabels[r.outcome]}
      </Badge>
    ),
    phone: 'aside',
  },
  { key: 'device', header: 'Device', render: (r) => r.device },
  { key: 'ip', header: 'Address', render: (r) => r.ip ?? '—', nowrap: true },
]

function SignInsSection() {
  const query = useQuery(signInsQuery)
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="sign-ins-heading">
      <Title order={4} id="sign-ins-heading">
        Recent sign-ins
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The last 20 attempts to sign in to your account, including failed ones.
      </Text>
      <DataTable
        label="Sign-in attempts"
        columns={signInColumns}
        rowKey={(r) => `${r.signed_in_at}-${r.outcome}-${r.ip}`}
        {...queryRows(query, 'Failed to load sign-ins.')}
        emptyText="No sign-ins recorded yet."
      />
    </Paper>
  )
}
