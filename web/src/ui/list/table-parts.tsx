import { Button, Center, Group, Loader, Text } from '@mantine/core'
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react'
import { useNavigate } from 'react-router'
import classes from './DataTable.module.css'
import type { Column, DataTableProps } from './table-types.ts'

/** The pieces the wide table and the phone's cards share: a row's activation, the list's state, a cell. */

export const joinClasses = (...names: (string | false | undefined)[]) =>
  names.filter(Boolean).join(' ') || undefined

const INTERACTIVE = 'a, button, input, select, textarea, [role="button"], [role="menuitem"]'

/** What a click or Enter on a row does: its link (a new tab with Ctrl/Cmd), or `onRowClick`. */
export function useActivate<T>(props: DataTableProps<T>) {
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
export function listState<T>(
  props: DataTableProps<T>,
): { text: string; kind: 'busy' | 'error' | 'empty' } | null {
  if (props.loading && !props.rows) return { text: props.loadingText ?? 'Loading...', kind: 'busy' }
  if (props.error) return { text: props.error, kind: 'error' }
  if (!props.rows || props.rows.length === 0) return { text: props.emptyText, kind: 'empty' }
  return null
}

export function StateText({
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
        <Group gap="sm" role={kind === 'error' ? 'alert' : 'status'} data-list-state={kind}>
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

export function cellContent<T>(column: Column<T>, row: T): ReactNode {
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
