import { Button, Center, Group, Loader, Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core'
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { ScrollTable } from '../ScrollTable'
import { useNarrow } from '../use-narrow.ts'
import classes from './DataTable.module.css'
import { EndOfList, LoadMore, type Totals, TotalsLines, TotalsRow } from './DataTableEnd.tsx'
import { ListPager } from './PageNumberInput.tsx'

export interface Column<T> {
  key: string
  header: ReactNode
  /** The header in words, where `header` is not plain text: phone cards label their values with it. */
  label?: string
  render: (row: T) => ReactNode
  align?: 'left' | 'right' | 'center'
  /** Keeps the cell on one line (numbers, dates, money). */
  nowrap?: boolean
  width?: number | string
  /** The cell's whole text, shown on hover when a cell that is not plain text is clamped. */
  fullText?: (row: T) => string
  /**
   * Its place on a phone card: 'title' heads the card (by default the linked column does), 'aside'
   * sits at the card's top right (a status, an amount), false leaves it out; else a labelled line,
   * across the card's width with 'wide' (a row of buttons).
   */
  phone?: 'title' | 'aside' | 'wide' | false
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
  /** Offers 'Retry' beside the error (a list that failed to load may load on a second try). */
  onRetry?: () => void
  emptyText: string
  /** Below this width the table scrolls sideways (a table kept on phones). */
  minWidth?: number
  /** Names the table for screen readers. */
  label: string
  /** True while a new page loads over the old rows. */
  stale?: boolean
  /**
   * Loading shows this many skeleton rows instead of a spinner line, and the table's box keeps
   * `minHeight` px whatever it holds, so its first rows arriving move nothing (no layout shift).
   */
  skeleton?: { rows: number; minHeight: number }
  /** Paged mode: 'Page n of N' under the list. */
  pager?: { page: number; totalPages: number; onChange: (page: number) => void; onlyWhenPaged?: boolean }
  /**
   * Infinite mode: the next page loads when the list's end scrolls into view (or on 'Load more');
   * `loadingText` and `endText` say that more is loading and that the list has ended.
   */
  more?: { hasMore: boolean; loading: boolean; onMore: () => void; loadingText?: string; endText?: string }
  /** 'cards' (default): each row a card on a phone; 'table': the table scrolls sideways there too. */
  phoneLayout?: 'cards' | 'table'
  /** 'cards': every row a card at every width (a feed), not only on a phone. */
  layout?: 'cards'
  /** A card's whole content, in place of the columns' title, aside and lines. */
  card?: (row: T) => ReactNode
  /** A totals line under the rows: under their columns in the table, labelled lines on cards. */
  totals?: Totals
  /** A row's own class, style (a tint) and test id, on its table row or card. */
  rowAttributes?: (row: T) => RowAttributes
}

export interface RowAttributes {
  className?: string
  style?: CSSProperties
  'data-testid'?: string
}

const joinClasses = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined

const INTERACTIVE = 'a, button, input, select, textarea, [role="button"], [role="menuitem"]'

/**
 * The table of every list (docs/architecture.md, "Adding a list"): loading, error and empty states,
 * row numbers, clickable rows with a real link, paged or infinite, and on a phone every row as a card
 * that shows its key columns without a sideways swipe.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const narrow = useNarrow()
  const cards = props.layout === 'cards' || (narrow && props.phoneLayout !== 'table')
  const ended = props.more && !props.more.hasMore && !props.error && (props.rows?.length ?? 0) > 0
  return (
    <>
      {cards ? <CardList {...props} /> : <WideTable {...props} />}
      {props.more && <LoadMore {...props.more} />}
      {ended && <EndOfList text={props.more?.endText} />}
      {props.pager && (!props.pager.onlyWhenPaged || props.pager.totalPages > 1) && (
        <ListPager
          page={props.pager.page}
          totalPages={props.pager.totalPages}
          onChange={props.pager.onChange}
        />
      )}
    </>
  )
}

/** What a click or Enter on a row does: its link (a new tab with Ctrl/Cmd), or `onRowClick`. */
function useActivate<T>(props: DataTableProps<T>) {
  const navigate = useNavigate()
  return (row: T, event: MouseEvent | KeyboardEvent) => {
    // Clicks on links and buttons inside the row do their own thing.
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return
    if (props.onRowClick) return props.onRowClick(row)
    if (!props.rowHref) return
    const href = props.rowHref(row)
    if ('metaKey' in event && (event.metaKey || event.ctrlKey)) window.open(href, '_blank', 'noopener')
    else navigate(href)
  }
}

/** The state shown instead of rows: loading, an error, or the list's empty text. */
function listState<T>(props: DataTableProps<T>): { text: string; kind: 'busy' | 'error' | 'empty' } | null {
  if (props.loading && !props.rows) return { text: props.loadingText ?? 'Loading...', kind: 'busy' }
  if (props.error) return { text: props.error, kind: 'error' }
  if (!props.rows || props.rows.length === 0) return { text: props.emptyText, kind: 'empty' }
  return null
}

function StateText({
  text,
  kind,
  onRetry,
}: {
  text: string
  kind: 'busy' | 'error' | 'empty'
  onRetry?: () => void
}) {
  return (
    <Center py="xl" className={classes.state}>
      <Group gap="sm" justify="center">
        <Group gap="sm" role={kind === 'error' ? 'alert' : 'status'}>
          {kind === 'busy' && <Loader size="sm" />}
          <Text c={kind === 'error' ? 'red' : 'dimmed'} size="sm">
            {text}
          </Text>
        </Group>
        {kind === 'error' && onRetry && (
          <Button variant="default" size="xs" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Center>
  )
}

function cellContent<T>(column: Column<T>, row: T): ReactNode {
  const rendered = column.render(row)
  // Long text is clamped to two lines, the whole of it on hover.
  const fullText = typeof rendered === 'string' ? rendered : column.fullText?.(row)
  return fullText !== undefined && !column.nowrap ? (
    <span className={classes.clamp} title={fullText}>
      {rendered}
    </span>
  ) : (
    rendered
  )
}

function WideTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowNumberStart } = props
  const activate = useActivate(props)
  const numbered = rowNumberStart !== undefined
  const span = columns.length + (numbered ? 1 : 0)
  const clickable = Boolean(props.rowHref || props.onRowClick)
  const state = listState(props)

  let body: ReactNode
  if (state?.kind === 'busy' && props.skeleton)
    body = <SkeletonRows span={span} rows={props.skeleton.rows} text={state.text} />
  else if (state)
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <StateText {...state} onRetry={props.onRetry} />
        </Table.Td>
      </Table.Tr>
    )
  else
    body = rows!.map((row, index) => (
      <Table.Tr
        key={props.rowKey(row)}
        {...props.rowAttributes?.(row)}
        className={joinClasses(clickable && classes.clickable, props.rowAttributes?.(row).className)}
        onClick={clickable ? (e) => activate(row, e) : undefined}
      >
        {numbered && <Table.Td className={classes.number}>{(rowNumberStart ?? 1) + index}</Table.Td>}
        {columns.map((column, c) => {
          const linked = props.linkColumn ? column.key === props.linkColumn : c === 0
          const href = linked && props.rowHref ? props.rowHref(row) : undefined
          const content = cellContent(column, row)
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
    // Focusable, so a keyboard can scroll a table wider than its box (axe).
    <ScrollTable
      minWidth={props.minWidth ?? 720}
      className={classes.scroll}
      label={props.label}
      // The room is held while there are no rows (loading, then empty: nothing shifts); with rows the
      // box is as tall as they are, with no empty space under one invoice.
      mih={state ? props.skeleton?.minHeight : undefined}
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
        {props.totals && !state && (
          <TotalsRow totals={props.totals} columns={columns.map((c) => c.key)} numbered={numbered} />
        )}
      </Table>
    </ScrollTable>
  )
}

/** A phone's list: each row a card headed by its title, its status aside, its other columns labelled. */
function CardList<T>(props: DataTableProps<T>) {
  const { columns, rows, rowNumberStart } = props
  const activate = useActivate(props)
  const state = listState(props)
  if (state)
    return (
      <Paper
        withBorder
        radius="md"
        mih={props.skeleton?.minHeight}
        role="region"
        aria-label={props.label}
        aria-busy={props.loading || undefined}
        className={classes.cardsState}
      >
        <StateText {...state} onRetry={props.onRetry} />
      </Paper>
    )
  const titleColumn =
    columns.find((c) => c.phone === 'title') ??
    columns.find((c) => c.key === props.linkColumn) ??
    columns.find((c) => c.phone !== false && c.phone !== 'aside')
  const asides = columns.filter((c) => c.phone === 'aside')
  const lines = columns.filter((c) => c !== titleColumn && c.phone !== false && c.phone !== 'aside')
  const clickable = Boolean(props.rowHref || props.onRowClick)
  return (
    <ul
      className={`${classes.cards} ${props.stale ? classes.stale : ''}`}
      aria-label={props.label}
      aria-busy={props.loading || undefined}
    >
      {rows!.map((row, index) => {
        if (props.card)
          return (
            <li key={props.rowKey(row)} className={classes.card}>
              {props.card(row)}
            </li>
          )
        const href = props.rowHref?.(row)
        const title = titleColumn ? cellContent(titleColumn, row) : null
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's title is its link; the click is a larger target
          <li
            key={props.rowKey(row)}
            {...props.rowAttributes?.(row)}
            className={joinClasses(
              classes.card,
              clickable && classes.clickable,
              props.rowAttributes?.(row).className,
            )}
            onClick={clickable ? (e) => activate(row, e) : undefined}
          >
            <div className={classes.cardHead}>
              <div className={classes.cardTitle}>
                {rowNumberStart !== undefined && (
                  <span className={classes.cardNumber}>#{rowNumberStart + index} </span>
                )}
                {href ? (
                  <Link to={href} className={classes.rowLink}>
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </div>
              {asides.map((column) => (
                <div key={column.key} className={classes.cardAside}>
                  {column.render(row)}
                </div>
              ))}
            </div>
            {lines.length > 0 && (
              <dl className={classes.cardLines}>
                {lines.map((column) => (
                  <div
                    key={column.key}
                    className={`${classes.cardLine} ${column.phone === 'wide' ? classes.cardLineWide : ''}`}
                  >
                    <dt>{column.label ?? column.header}</dt>
                    <dd>{column.render(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        )
      })}
      {props.totals && <TotalsLines totals={props.totals} columns={columns} />}
    </ul>
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
