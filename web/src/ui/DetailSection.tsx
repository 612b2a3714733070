import { Collapse, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconChevronDown } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'

/** A titled block of a record's overview; `collapsible` ones open and close (e.g. System Information). */
export function DetailSection({
  title,
  children,
  collapsible = false,
  defaultOpen = true,
  actions,
}: {
  title: string
  children: ReactNode
  collapsible?: boolean
  defaultOpen?: boolean
  actions?: ReactNode
}) {
  const [open, { toggle }] = useDisclosure(collapsible ? defaultOpen : true)
  const id = useId()
  const heading = (
    <Title order={4} fz="md">
      {title}
    </Title>
  )
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" gap="sm" id={`${id}-title`}>
        {collapsible ? (
          <UnstyledButton
            onClick={toggle}
            aria-expanded={open}
            aria-controls={`${id}-body`}
            style={{ flex: 1, display: 'flex', alignItems: 'center', gap: 8 }}
          >
            <IconChevronDown
              size={18}
              aria-hidden
              style={{ transform: open ? undefined : 'rotate(-90deg)', transition: 'transform 150ms ease' }}
            />
            {heading}
          </UnstyledButton>
        ) : (
          heading
        )}
        {actions}
      </Group>
      <Collapse expanded={open} id={`${id}-body`}>
        <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>{children}</div>
      </Collapse>
    </Paper>
  )
}

/** A titled block of label and value pairs: most sections of a record's overview. */
export function FieldSection({
  fields,
  children,
  ...section
}: Omit<Parameters<typeof DetailSection>[0], 'children'> & { fields: Field[]; children?: ReactNode }) {
  return (
    <DetailSection {...section}>
      <FieldGrid fields={fields} />
      {children}
    </DetailSection>
  )
}

export interface Field {
  label: string
  value: ReactNode
  /** Spans the whole width (addresses, notes). */
  wide?: boolean
}

const isBlank = (v: ReactNode) => v === null || v === undefined || v === '' || v === false

/** Label and value pairs in two columns (one on phones); empty values read 'N/A'. */
export function FieldGrid({ fields }: { fields: Field[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" m={0}>
      {fields.map((f) => (
        <div key={f.label} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text
            component="dt"
            size="xs"
            c="dimmed"
            fw={600}
            tt="uppercase"
            style={{ letterSpacing: '0.03em' }}
          >
            {f.label}
          </Text>
          <Text component="dd" m={0} mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {isBlank(f.value) ? (
              <Text span c="dimmed">
                N/A
              </Text>
            ) : (
              f.value
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}
