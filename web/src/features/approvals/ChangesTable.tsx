import type { ActionType } from '@daftar/domain/registers'
import { Badge, Group, Switch, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { ScrollTable } from '../../ui/ScrollTable'
import { useNarrow } from '../../ui/use-narrow.ts'
import classes from './ChangesTable.module.css'
import { type DiffRow, displayValue } from './diff.ts'

function Value({
  path,
  value,
  names,
  strike,
}: {
  path: string
  value: unknown
  names: Record<string, string>
  strike?: boolean
}) {
  const text = displayValue(path, value, names)
  if (text === null)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    )
  return (
    <Text
      span
      size="sm"
      td={strike ? 'line-through' : undefined}
      c={strike ? 'dimmed' : undefined}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {text}
    </Text>
  )
}

/** Proposed data / changes: a new record lists its fields; a change shows current against proposed. */
export function ChangesTable({
  rows,
  actionType,
  names,
}: {
  rows: DiffRow[]
  actionType: ActionType
  names: Record<string, string>
}) {
  const [showAll, setShowAll] = useState(false)
  const narrow = useNarrow()
  const creating = actionType === 'CREATE'
  const changed = rows.filter((r) => r.changed)
  const shown = creating
    ? rows.filter((r) => r.proposed !== null && r.proposed !== '')
    : showAll
      ? rows
      : changed

  return (
    <>
      {!creating && (
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed">
            {changed.length === 0
              ? 'No field differs from the current record.'
              : `${changed.length} field${changed.length === 1 ? '' : 's'} changed.`}
          </Text>
          <Switch
            label="Show unchanged fields"
            checked={showAll}
            onChange={(e) => setShowAll(e.currentTarget.checked)}
          />
        </Group>
      )}
      {shown.length > 0 && (
        <ScrollTable
          minWidth={narrow ? 0 : creating ? 420 : 620}
          label={creating ? 'Proposed data' : 'Proposed changes'}
        >
          <Table
            className={classes.table}
            verticalSpacing="xs"
            aria-label={creating ? 'Proposed data' : 'Proposed changes'}
            withRowBorders
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">Field</Table.Th>
                {!creating && <Table.Th w="35%">Current</Table.Th>}
                <Table.Th>{creating ? 'Value' : 'Proposed'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr
                  key={r.path}
                  bg={!creating && r.changed ? 'var(--mantine-color-yellow-0)' : undefined}
                  data-changed={r.changed || undefined}
                >
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {r.label}
                      </Text>
                      {!creating && r.changed && (
                        <Badge size="xs" variant="light" color="yellow" style={{ flexShrink: 0 }}>
                          Changed
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {!creating && (
                    <Table.Td data-label="Current">
                      <Value path={r.path} value={r.current} names={names} strike={r.changed} />
                    </Table.Td>
                  )}
                  <Table.Td data-label={creating ? undefined : 'Proposed'}>
                    <Value path={r.path} value={r.proposed} names={names} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {creating && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No data was proposed.
        </Text>
      )}
    </>
  )
}
