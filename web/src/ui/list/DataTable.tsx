import { Skeleton, Table, VisuallyHidden } from '@mantine/core'
import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { ScrollTable } from '../ScrollTable'
import { useNarrow } from '../use-narrow.ts'
import { CardList } from './CardList.tsx'
import classes from './DataTable.module.css'
import { EndOfList, LoadMore, TotalsRow } from './DataTableEnd.tsx'
import { ListPager } from './PageNumberInput.tsx'
import { cellContent, joinClasses, listState, StateText, useActivate } from './table-parts.tsx'
import type { DataTableProps } from './table-types.ts'

export type { Column, DataTableProps, RowAttributes } from './table-types.ts'

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
      {showsPager(props) && props.pager && (
        <ListPager
          page={props.pager.page}
          totalPages={props.pager.totalPages}
          onChange={props.pager.onChange}
        />
      )}
    </>
  )
}

/**
 * An empty first page has nothing to page through, so it shows its empty text alone rather than
 * 'Page 1 of 1' under it; an empty later page (its last rows just removed) keeps the way back.
 */
function showsPager<T>({ pager, rows }: DataTableProps<T>) {
  if (!pager) return false
  if (rows?.length === 0 && pager.page <= 1) return false
  return !pager.onlyWhenPaged || pager.totalPages > 1
}

/**
 * A table's rows from the query that reads them all at once: loading until they come, then the rows
 * or the failure (in the query's own words, `failed` when it has none) with Retry.
 */
export function queryRows<T>(query: UseQueryResult<T[]>, failed: string) {
  return {
    rows: query.data,
    loading: query.isPending,
    error: query.isError ? errorMessage(query.error, failed) : null,
    onRetry: () => void query.refetch(),
  }
}

/**
 * `more` for an infinite query (an endless list): the next page when the list's end shows, never
 * asked while one is loading, with the words for loading it and for the end.
 */
export function nextPages(
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>,
): NonNullable<DataTableProps<unknown>['more']> {
  return {
    hasMore: Boolean(query.hasNextPage),
    loading: query.isFetchingNextPage,
    onMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage()
    },
    loadingText: 'Loading more...',
    endText: "You've reached the end.",
  }
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
        verticalSpacing={props.compact ? 'xs' : 'sm'}
        highlightOnHover={clickable}
        layout={props.fixedLayout ? 'fixed' : undefined}
        aria-label={props.label}
        aria-busy={props.loading || undefined}
        className={joinClasses(props.stale && classes.stale, props.fixedLayout && classes.fixed)}
      >
        <Table.Thead>
          <Table.Tr>
            {numbered && <Table.Th className={classes.number}>#</Table.Th>}
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align} className={classes.th} w={column.width}>
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
