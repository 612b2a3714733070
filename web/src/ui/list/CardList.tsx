import { Paper } from '@mantine/core'
import { Link } from 'react-router'
import classes from './DataTable.module.css'
import { TotalsLines } from './DataTableEnd.tsx'
import { cellContent, joinClasses, listState, StateText, useActivate } from './table-parts.tsx'
import type { DataTableProps } from './table-types.ts'

/** A phone's list: each row a card headed by its title, its status aside, its other columns labelled. */
export function CardList<T>(props: DataTableProps<T>) {
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
        const href = props.rowHref?.(row)
        const title = titleColumn && !props.card ? cellContent(titleColumn, row) : null
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's title is its link or button; the click is a larger target
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
            {props.card ? (
              props.card(row)
            ) : (
              <>
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
                    {lines.map((column) => {
                      const value = column.render(row)
                      // A cell a row leaves empty (no Sign out for this device) has no label either.
                      if (value === null || value === undefined || value === false) return null
                      return (
                        <div
                          key={column.key}
                          className={`${classes.cardLine} ${column.phone === 'wide' ? classes.cardLineWide : ''}`}
                        >
                          <dt>{column.label ?? column.header}</dt>
                          <dd>{value}</dd>
                        </div>
                      )
                    })}
                  </dl>
                )}
              </>
            )}
          </li>
        )
      })}
      {props.totals && <TotalsLines totals={props.totals} columns={columns} />}
    </ul>
  )
}
