import { type ReportType, reportFormPaths, reportTypeLabels, reportTypes } from '@daftar/domain/reports'
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconArrowRight, IconClipboardList, IconPackage, IconReceiptRupee } from '@tabler/icons-react'
import { Link } from 'react-router'
import { PageHeader } from '../../ui/PageHeader.tsx'
import classes from './reports.module.css'

const looks: Record<ReportType, { icon: typeof IconPackage; color: string; send: string; view: string }> = {
  INVENTORY_REQUEST: {
    icon: IconPackage,
    color: 'teal',
    send: 'Ask for materials, spares or consumables a site needs, by the date it needs them.',
    view: 'Requests for items, with the date each is needed by.',
  },
  OPERATIONS_REPORT: {
    icon: IconClipboardList,
    color: 'blue',
    send: 'Report a period of operation: operators, incidents, complaints and the state of the site.',
    view: 'Periodic reports on operators, incidents and customer complaints.',
  },
  EXPENSES_INCOME: {
    icon: IconReceiptRupee,
    color: 'grape',
    send: 'Account for the consumables bought and the income and other expenses of a period.',
    view: 'Site expenses and income, with their totals.',
  },
}

function TypeCards({
  to,
  text,
  action,
}: {
  to: (t: ReportType) => string
  text: 'send' | 'view'
  action: string
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {reportTypes.map((type) => {
        const look = looks[type]
        return (
          <Card
            key={type}
            component={Link}
            to={to(type)}
            withBorder
            radius="md"
            padding="lg"
            className={classes.typeCard}
            aria-label={reportTypeLabels[type]}
          >
            <Stack gap="sm" h="100%">
              <ThemeIcon size={48} radius="md" variant="light" color={look.color}>
                <look.icon size={28} aria-hidden />
              </ThemeIcon>
              <Title order={3} size="h4">
                {reportTypeLabels[type]}
              </Title>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {look[text]}
              </Text>
              <Group gap={4} c={`${look.color}.9`}>
                <Text size="sm" fw={600}>
                  {action}
                </Text>
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Stack>
          </Card>
        )
      })}
    </SimpleGrid>
  )
}

/** /reports/send: choose the kind of report to create. */
export function SendReportPage() {
  return (
    <Stack gap="lg" w="100%">
      <PageHeader
        title="Send a Report"
        description="Choose the kind of report; you pick its recipients on the next page."
      />
      <TypeCards to={(t) => reportFormPaths[t]} text="send" action="Create" />
      <Text size="sm" c="dimmed">
        Sent reports and the ones sent to you are under{' '}
        <Anchor component={Link} to="/reports/view" size="sm" underline="always">
          View Submitted Reports
        </Anchor>
        .
      </Text>
    </Stack>
  )
}

/** /reports/view: 'View Submitted Reports', a card per type leading to its list. */
export function ViewReportsPage() {
  return (
    <Stack gap="lg" w="100%">
      <PageHeader
        title="View Submitted Reports"
        actions={
          <Anchor component={Link} to="/reports/list/all" size="sm">
            All Reports
          </Anchor>
        }
      />
      <TypeCards to={(t) => `/reports/list/${t}`} text="view" action="Open list" />
    </Stack>
  )
}
