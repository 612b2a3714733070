import type { CSSProperties, ReactNode } from 'react'
import type { Totals } from './DataTableEnd.tsx'

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
  /**
   * Columns keep the widths they are given whatever the rows hold (table-layout: fixed), so tables
   * stacked on one page line up; long words wrap inside their column.
   */
  fixedLayout?: boolean
  /** Tighter rows, for a list read many rows at a time (the task lists). */
  compact?: boolean
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
