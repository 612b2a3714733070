import { Center, Group, Loader, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core'
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import classes from './DataTable.module.css'
import { ScrollTable } from './ScrollTable'

export interface Column<T> {
  key: string
  header: ReactNode
  render: (row: T) => ReactNode
  align?: 'left' | 'right' | 'center'
  /** Keeps the cell on one line (numbers, dates, money). */
  nowrap?: boolean
  width?: number | string
  /** The cell's whole text, shown on hover when a cell that is not plain text is clamped (issue 10). */
  fullText?: (row: T) => string
}

export interface DataTableProps<T> {
  columns: Column<T>[]
  rows: readonly T[] | undefined
  rowKey: (row: T) => string
  /** Shows a '#' column numbered from here (row numbers continue across pages). */
  rowNumberStart?: number
  /** Where a row leads: the row is clickable and its first column becomes a real link. */
  rowHref?: (row: T) => string
  /** Key of the column whose content links to the row (default: the first). */
  linkColumn?: string
  onRowClick?: (row: T) => void
  loading?: boolean
  loadingText?: string
  /** Shown instead of the rows when set. */
  error?: string | null
  emptyText: string
  /** Below this width the table scrolls sideways (phones). */
  minWidth?: number
  /** Names the table for screen readers. */
  label: string
  /** True while a new page loads over the old rows. */
  stale?: boolean
  /**
   * Loading shows this many skeleton rows instead of a spinner line, and the table's box keeps
   * `minHeight` px whatever it holds, so its first rows arriving move nothing (issue 10, no layout shift).
   */
  skeleton?: { rows: number; minHeight: number }
}

const INTERACTIVE = 'a, button, input, select, textarea, [role="button"], [role="menuitem"]'

/** The table of every list: loading, error and empty states, row numbers, clickable rows. */
export function DataTable<T>(props: DataTableProps<T>) {
  const navigate = useNavigate()
  const { columns, rows, rowNumberStart } = props
  const numbered = rowNumberStart !== undefined
  const span = columns.length + (numbered ? 1 : 0)
  const clickable = Boolean(props.rowHref || props.onRowClick)

  function activate(row: T, event: MouseEvent | KeyboardEvent) {
    // Clicks on links and buttons inside the row do their own thing.
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return
    if (props.onRowClick) return props.onRowClick(row)
    if (!props.rowHref) return
    const href = props.rowHref(row)
    if ('metaKey' in event && (event.metaKey || event.ctrlKey)) window.open(href, '_blank', 'noopener')
    else navigate(href)
  }

  let body: ReactNode
  if (props.loading && !rows && props.skeleton)
    body = <SkeletonRows span={span} rows={props.skeleton.rows} text={props.loadingText ?? 'Loading...'} />
  else if (props.loading && !rows)
    body = <StateRow span={span} text={props.loadingText ?? 'Loading...'} busy />
  else if (props.error) body = <StateRow span={span} text={props.error} color="red" />
  else if (!rows || rows.length === 0) body = <StateRow span={span} text={props.emptyText} />
  else
    body = rows.map((row, index) => (
      <Table.Tr
        key={props.rowKey(row)}
        className={clickable ? classes.clickable : undefined}
        onClick={clickable ? (e) => activate(row, e) : undefined}
      >
        {numbered && <Table.Td className={classes.number}>{(rowNumberStart ?? 1) + index}</Table.Td>}
        {columns.map((column, c) => {
          const rendered = column.render(row)
          // Long text is clamped to two lines, the whole of it on hover (issue 10).
          const fullText = typeof rendered === 'string' ? rendered : column.fullText?.(row)
          const content =
            fullText !== undefined && !column.nowrap ? (
              <span className={classes.clamp} title={fullText}>
                {rendered}
              </span>
            ) : (
              rendered
            )
          const linked = props.linkColumn ? column.key === props.linkColumn : c === 0
          const href = linked && props.rowHref ? props.rowHref(row) : undefined
          return (
            <Table.Td
              key={column.key}
              ta={column.align}
              className={column.nowrap ? classes.nowrap : undefined}
              w={column.width}
            >
              {href ? (
                <Link to={href} className={classes.rowLink}>
                  {content}
                </Link>
              ) : (
                content
              )}
            </Table.Td>
          )
        })}
      </Table.Tr>
    ))

  return (
    // Focusable, so a keyboard can scroll a table wider than its box (axe, issue 10).
    <ScrollTable
      minWidth={props.minWidth ?? 720}
      className={classes.scroll}
      label={props.label}
      mih={props.skeleton?.minHeight}
    >
      <Table
        verticalSpacing="sm"
        highlightOnHover={clickable}
        aria-label={props.label}
        aria-busy={props.loading || undefined}
        className={props.stale ? classes.stale : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {numbered && <Table.Th className={classes.number}>#</Table.Th>}
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align} className={classes.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </ScrollTable>
  )
}

function SkeletonRows({ span, rows, text }: { span: number; rows: number; text: string }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={row} aria-hidden={row > 0 || undefined}>
      {Array.from({ length: span }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={cell}>
          <Skeleton height={14} radius="sm" />
          {row === 0 && cell === 0 && <VisuallyHidden role="status">{text}</VisuallyHidden>}
        </Table.Td>
      ))}
    </Table.Tr>
  ))
}

function StateRow({
  span,
  text,
  color,
  busy,
}: {
  span: number
  text: string
  color?: string
  busy?: boolean
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        {/* As wide as the visible box, not the table: on a phone the text stays in view. */}
        <Center py="xl" className={classes.state}>
          <Group gap="sm" role={color === 'red' ? 'alert' : 'status'}>
            {busy && <Loader size="sm" />}
            <Text c={color ?? 'dimmed'} size="sm">
              {text}
            </Text>
          </Group>
        </Center>
      </Table.Td>
    </Table.Tr>
  )
}
