import { ActionIcon, Center, Group, Loader, Stack, Tabs, Text, Tooltip } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageTitle } from './PageHeader.tsx'
import { ScrollTabsList } from './ScrollTabsList.tsx'

export interface RecordTab {
  value: string
  label: string
  icon?: ReactNode
  content: ReactNode
}

export interface RecordPageProps {
  title: ReactNode
  /** Badges or a short line beside the title (display id, status). */
  meta?: ReactNode
  back: { to: string; label: string }
  actions?: ReactNode
  tabs: RecordTab[]
}

/** The tab shown, from `?tab=`; the first tab when missing or unknown. */
export function useRecordTab(values: string[]) {
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab')
  const tab = asked && values.includes(asked) ? asked : values[0]!
  const setTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value === values[0]) next.delete('tab')
        else next.set('tab', value)
        // A folder belongs to the Documents tab only.
        next.delete('folder')
        return next
      },
      { replace: true },
    )
  return [tab, setTab] as const
}

/**
 * The detail page of every register: back button, title, actions, and tabs (Overview, Documents,
 * Access, …) whose choice is kept in the address, so reload and links keep the tab.
 */
export function RecordPage({ title, meta, back, actions, tabs }: RecordPageProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Tooltip label={back.label}>
            <ActionIcon
              component={Link}
              to={back.to}
              variant="default"
              size="lg"
              aria-label={back.label}
              mt={4}
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <PageTitle title={title}>
            {meta && (
              <Group gap="xs" mt={4}>
                {meta}
              </Group>
            )}
          </PageTitle>
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      <AddressTabs tabs={tabs} />
    </Stack>
  )
}

/**
 * Tabs whose choice is kept in the address (`?tab=`), so reload and links keep the tab; only the
 * open tab's content is mounted.
 */
export function AddressTabs({ tabs }: { tabs: RecordTab[] }) {
  const [tab, setTab] = useRecordTab(tabs.map((t) => t.value))
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
      <ScrollTabsList>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
            {t.label}
          </Tabs.Tab>
        ))}
      </ScrollTabsList>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}

/** A page-sized loading state with words, e.g. 'Loading client details...'. */
export function PageLoading({ text }: { text: string }) {
  return (
    <Center h="50vh">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  )
}
