import { Button, Center, Group, Loader, Table, Text } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'
import classes from './DataTable.module.css'
import type { Column, DataTableProps } from './DataTable.tsx'

/** A totals line: its label ('Total'), and a value under each column that has one. */
export interface Totals {
  label: string
  values: Partial<Record<string, ReactNode>>
}

/** The table's totals: the label right-aligned up to the first column with a value, then the values. */
export function TotalsRow({
  totals,
  columns,
  numbered,
}: {
  totals: Totals
  columns: string[]
  numbered: boolean
}) {
  const first = Math.max(
    0,
    columns.findIndex((key) => totals.values[key] !== undefined),
  )
  const span = first + (numbered ? 1 : 0)
  return (
    <Table.Tfoot>
      <Table.Tr>
        {span > 0 && (
          <Table.Th colSpan={span} ta="right">
            {totals.label}
          </Table.Th>
        )}
        {columns.slice(first).map((key) => (
          <Table.Th key={key} className={classes.nowrap}>
            {totals.values[key]}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Tfoot>
  )
}

/** The totals under a phone's cards: 'Total' and each value, labelled with its column. */
export function TotalsLines<T>({ totals, columns }: { totals: Totals; columns: Column<T>[] }) {
  const shown = columns.filter((c) => totals.values[c.key] !== undefined)
  return (
    <li className={classes.card} aria-label={totals.label}>
      <Text fw={700} size="sm">
        {totals.label}
      </Text>
      <dl className={classes.cardLines}>
        {shown.map((column) => (
          <div key={column.key} className={classes.cardLine}>
            <dt>{column.label ?? column.header}</dt>
            <dd className={classes.nowrap}>{totals.values[column.key]}</dd>
          </div>
        ))}
      </dl>
    </li>
  )
}

/** Infinite mode, once nothing more is to come: the list's end text ("You've reached the end."). */
export function EndOfList({ text }: { text?: string }) {
  if (!text) return null
  return (
    <Center py="sm">
      <Text size="sm" c="dimmed" role="status">
        {text}
      </Text>
    </Center>
  )
}

/** Infinite mode's end: loads the next page as it scrolls into view; the button serves keyboards. */
export function LoadMore({
  hasMore,
  loading,
  onMore,
  loadingText,
}: NonNullable<DataTableProps<unknown>['more']>) {
  const sentinel = useRef<HTMLDivElement>(null)
  const latest = useRef(onMore)
  latest.current = onMore
  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasMore, loading])
  if (!hasMore) return null
  return (
    <Center ref={sentinel} py="sm">
      {loading && loadingText ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {loadingText}
          </Text>
        </Group>
      ) : (
        <Button variant="default" size="xs" loading={loading} onClick={onMore}>
          Load more
        </Button>
      )}
    </Center>
  )
}
