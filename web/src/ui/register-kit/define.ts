/**
 * A register is declared once — its schema, labels, list columns, sorts, form fields and detail
 * sections — and the kit renders its list, add, edit and detail pages and its form in the approval
 * queue's 'Edit & Re-evaluate' (docs/decisions.md, "The register kit").
 */
import type { EntityType, RecordAccess } from '@daftar/domain'
import type { idParams } from '@daftar/domain/contract'
import type { Endpoint } from '@daftar/domain/http'
import type { UseFormReturnType } from '@mantine/form'
import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
import type { z } from 'zod'
import type { Column } from '../list/DataTable.tsx'
import type { RecordTab } from '../RecordPage.tsx'

/** What every register detail answer carries. */
export interface RecordBase {
  version: number
  access_level: RecordAccess
}

export type RegisterForm<V> = UseFormReturnType<V>

/** One list page of a register (Projects and Archived Projects are two views of one register). */
export interface ListView<Item> {
  /** Where the page lives ('/projects/archived'). */
  path: string
  /** The list endpoint of the contract (`projectEndpoints.archived`). */
  endpoint: ListEndpoint<Item>
  title: string
  description?: string
  emptyText: string
  /** False on lists that add nothing (archived projects, old employees). */
  canAdd?: boolean
  columns?: Column<Item>[]
  /** More buttons beside Add in the page's header (Assets' way into 'Due soon'). */
  Actions?: ComponentType
}

/** A state change offered on the detail page (archive, deactivate …), a request for staff. */
/** A list endpoint of the contract: its rows under the register's key, paged. */
export type ListEndpoint<Item> = Endpoint<
  'GET',
  string,
  {
    querystring: z.ZodType
    response: { 200: z.ZodType<{ totalPages: number } & Record<string, Item[] | number>> }
  }
>

export interface StateAction<Detail> {
  /** The label of the button for this record, e.g. 'Archive' or 'Unarchive'. */
  label(record: Detail): string
  icon?(record: Detail): ReactNode
  /** The confirmation dialog: its title and message. */
  title(record: Detail): string
  message(record: Detail, staff: boolean): string
  /** Shown while the request runs, e.g. 'Deactivating employee...'. */
  busyText?(record: Detail): string
  /** The call: PUT `/projects/{id}/archive` {archive} … */
  call(record: Detail): Promise<{ message: string }>
  /** The API path of the list view the record leaves at once ('/projects'; it comes back if the call fails). */
  leavesView(record: Detail): string
  /** 'Error submitting project status change request' */
  failed: string
  /**
   * The label of the disabled button while a request for this change waits for approval ('Archive
   * requested'), or null. Staff only: an admin's change applies at once.
   */
  requested?(record: Detail): string | null
}

export interface RegisterDeclaration<Item, Detail extends RecordBase, Values, Data extends object> {
  entityType: EntityType
  /** 'Supplier': messages, notifications and the queue. */
  label: string
  /** 'supplier': 'Loading supplier details...', 'Error loading supplier details: …'. */
  noun: string
  /** The record's endpoints in the contract: its detail, create and update (`supplierEndpoints`). */
  endpoints: {
    detail: Endpoint<'GET', string, { params: typeof idParams; response: { 200: z.ZodType<Detail> } }>
    create: Endpoint<'POST'>
    update: Endpoint<'PUT'>
  }
  /** The root of its query keys ('suppliers'); every save refreshes them. */
  queryKey: string
  /** The key of the rows in a list answer ('suppliers'). */
  listKey: string
  /** Where records open in the app ('/suppliers'). */
  path: string
  idOf(record: Item | Detail): string
  titleOf(record: Detail): string
  notFound: string

  list: {
    /** The list endpoints' query schema: page, search and sort in the address under its names. */
    query: z.ZodType<{ page: number; searchQuery: string; sortBy: string }>
    views: ListView<Item>[]
    columns: Column<Item>[]
    sorts: readonly { value: string; label: string }[]
    defaultSort: string
    searchPlaceholder: string
    addLabel: string
    minWidth?: number
    /** Search applies only on Enter, shown as a chip that clears it (technical information). */
    searchOnEnter?: boolean
    /** The page input shows only when there is more than one page (employees). */
    pagerOnlyWhenPaged?: boolean
  }

  form: {
    schema: z.ZodType<Data>
    /** The form's blank values, in the order the form shows its fields (the review diff uses it). */
    empty: Values
    Fields: ComponentType<{ form: RegisterForm<Values>; mode: FormMode }>
    addTitle: string
    editTitle(record: Detail): string
    /** Labels of the fields for the approval review, by key ('product_category' → 'Category'). */
    labels: Record<string, string>
    /** Values the create form starts from besides `empty` (e.g. the default asset status). */
    initial?: Partial<Values>
    /** Validates the create form when it has more than the data (an employee's login account). */
    createSchema?: z.ZodType
    /** Extra fields a create request carries besides the data (an employee's login account). */
    createExtras?: (values: Values) => Record<string, unknown>
  }

  detail: {
    /** The page's loading and load-error texts when the spec words them otherwise (assets). */
    loadingText?: string
    loadErrorText?(message: string): string
    /** Overview, Documents, Access by default; a register may add or reorder tabs. */
    tabs?(record: Detail, standard: StandardTabs): RecordTab[]
    /**
     * Starts (prefetches) queries together with the record's own, from the address alone (the record's
     * id and the `?tab=` asked for), so a tab's data does not wait for the record to arrive.
     */
    alongside?(queryClient: QueryClient, id: string, tab: string | null): void
    Overview: ComponentType<{ record: Detail }>
    meta?(record: Detail): ReactNode
    /** The back button, by the record's state (archived projects go back to the archived list). */
    back?(record: Detail): { to: string; label: string }
    editLabel?: string
    stateAction?: StateAction<Detail>
  }
}

export type FormMode = 'create' | 'edit' | 'review'

export interface StandardTabs {
  overview: RecordTab
  documents: RecordTab
  access: RecordTab
}

// biome-ignore lint/suspicious/noExplicitAny: a register of any shape, for the router and the queue
export type AnyRegister = RegisterDeclaration<any, any, any, any>

/** Declares a register; the identity function lets TypeScript check the pieces against each other. */
export function defineRegister<Item, Detail extends RecordBase, Values, Data extends object>(
  declaration: RegisterDeclaration<Item, Detail, Values, Data>,
) {
  return declaration
}
