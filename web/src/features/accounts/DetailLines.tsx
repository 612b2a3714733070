import { formatCurrency } from '@daftar/domain/format'
import { Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { ScrollTable } from '../../ui/ScrollTable'
import { useNarrow } from '../../ui/use-narrow.ts'
import classes from './accounts.module.css'
import type { DocDetail } from './api.ts'

/** Amounts in a document's details. */
export const money = (v: number) => formatCurrency(v)

type Line = DocDetail['line_items'][number]

/** A line's code and GST rate; the rate shows whether or not the line has a SAC/HSN code. */
const lineTax = (line: Line) =>
  line.sac_code ? `SAC/HSN ${line.sac_code} · GST ${line.gst_rate}%` : `GST ${line.gst_rate}%`

/** A document's line items: a table, or on a phone each line a card. */
export function LineItems({ lines }: { lines: DocDetail['line_items'] }) {
  const narrow = useNarrow()
  return narrow ? (
    <LineCards lines={lines} />
  ) : (
    <DetailTable
      label="Line items"
      headers={['Description', 'Qty', 'Rate', 'Amount']}
      figures={['Qty', 'Rate', 'Amount']}
    >
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in its stored order
        <Table.Tr key={i}>
          <Table.Td>
            {line.description}
            <Text span size="xs" c="dimmed">
              {' '}
              · {lineTax(line)}
            </Text>
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{`${line.qty} ${line.unit}`}</Table.Td>
          <Table.Td ta="right" className={classes.figure}>
            {money(line.rate)}
          </Table.Td>
          <Table.Td ta="right" className={classes.figure}>
            {money(line.basic_amount)}
          </Table.Td>
        </Table.Tr>
      ))}
    </DetailTable>
  )
}

/** A table of the details dialog: a box that scrolls sideways, compact rows, figures aligned right. */
export function DetailTable(props: {
  label: string
  headers: string[]
  figures: string[]
  children: ReactNode
}) {
  const { label } = props
  return (
    <ScrollTable minWidth={480} label={label}>
      <Table verticalSpacing={6} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {props.headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of headers, the last may be blank
              <Table.Th key={i} ta={props.figures.includes(header) ? 'right' : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
    </ScrollTable>
  )
}

/** A label and its value on one line of a phone card. */
export function CardLine({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" className={classes.figure} ta="right">
        {value}
      </Text>
    </Group>
  )
}
/** Phones: each line item stacked, with its quantity, rate and amount labelled. */
function LineCards({ lines }: { lines: DocDetail['line_items'] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Line items">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in its stored order
        <Paper key={i} withBorder radius="sm" p="xs" role="listitem">
          <Text size="sm" fw={600}>
            {line.description}
          </Text>
          <Text size="xs" c="dimmed">
            {lineTax(line)}
          </Text>
          <CardLine label="Qty" value={`${line.qty} ${line.unit}`} />
          <CardLine label="Rate" value={money(line.rate)} />
          <CardLine label="Amount" value={money(line.basic_amount)} />
        </Paper>
      ))}
    </Stack>
  )
}
