import { Table, type TableScrollContainerProps } from '@mantine/core'

type ScrollTableProps = Omit<TableScrollContainerProps, 'type'> & {
  /** Names the box for screen readers: "<label> (scrolls sideways)". */
  label: string
}

/**
 * The box a table scrolls sideways in when it is wider than the screen. It is focusable and named,
 * so a keyboard can scroll it even when the table holds no link or button (an empty list on a phone
 * is exactly that case); axe's "scrollable-region-focusable" rule asks for it.
 */
export function ScrollTable({ label, ...props }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrolls sideways)`}
      {...props}
    />
  )
}
