/**
 * A register is declared once — its schema, labels, list columns, sorts, form fields and detail
 * sections — and the kit renders its list, add, edit and detail pages and its form in the approval
 * queue's 'Edit & Re-evaluate' (docs/decisions.md, "The register kit"). A declaration says only what
 * is special to its register: `defineRegister` fills in what every register words the same way.
 */
import type { EntityType, RecordAccess } from '@daftar/domain'
import type { idParams } from '@daftar/domain/contract'
import type { ExportFormat } from '@daftar/domain/export-query'
import { registerFieldLabels } from '@daftar/domain/field-labels'
import { activityEntityLabels } from '@daftar/domain/history'
import type { Endpoint } from '@daftar/domain/http'
import type { changeResponses } from '@daftar/domain/registers'
import type { UseFormReturnType } from '@mantine/form'
import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
import type { z } from 'zod'
import type { Column } from '../list/DataTable.tsx'
import type { RecordTab } from '../RecordPage.tsx'
import { registerRoots } from './roots.ts'

/** What every register detail answer carries. */
export interface RecordBase {
  version: number
  access_level: RecordAccess
}

/** The four types a register is made of; the kit's pages are generic over them. */
export interface RegisterTypes {
  /** A row of its lists. */
  item: unknown
  /** Its detail answer. */
  detail: RecordBase
  /** Its form's values. */
  values: object
  /** Its data as the schema makes it from the values: the request's body. */
  data: object
}

export type RegisterForm<V> = UseFormReturnType<V>

/** A list answer: its rows under the register's key, and its paging (`pageOf` in domain). */
export type ListAnswer<Item> = { totalPages: number } & Record<string, Item[] | number>

/** A register list's query: page, search and sort, in the address under the API's names. */
export type ListParams = { page: number; searchQuery: string; sortBy: string }

/** A list endpoint of the contract: its query schema (`registerListQuery` in domain) and its answer. */
export type ListEndpoint<Item> = Endpoint<
  'GET',
  string,
  { querystring: z.ZodType<ListParams>; response: { 200: z.ZodType<ListAnswer<Item>> } }
>

/** A list's export endpoint: the list's query with `format`, answered by a file (docs/decisions.md, "Exports"). */
export type ExportEndpoint = Endpoint<
  'GET',
  string,
  { querystring: z.ZodType<unknown, { searchQuery?: string; sortBy?: string; format?: ExportFormat }> }
> & { file: true }

/** One list page of a register (Projects and Archived Projects are two views of one register). */
export interface ListView<Item> {
  /** Where the page lives ('/projects/archived'). */
  path: string
  /** The list endpoint of the contract (`projectEndpoints.archived`). */
  endpoint: ListEndpoint<Item>
  /** Its export as CSV or XLSX (`projectEndpoints.archivedExport`). */
  exportEndpoint: ExportEndpoint
  title: string
  description?: string
  /** 'No archived projects found.' (the title's words) unless given. */
  emptyText?: string
  /** False on lists that add nothing (archived projects, old employees). */
  canAdd?: boolean
  columns?: Column<Item>[]
  /** More buttons beside Add in the page's header (Assets' way into 'Due soon'). */
  Actions?: ComponentType
}

/** A list view as the kit shows it: its empty state worded. */
export type WordedListView<Item> = ListView<Item> & { emptyText: string }

/** A state change offered on the detail page (archive, deactivate …), a request for staff. */
export interface StateAction<Detail> {
  /** The label of the button for this record, e.g. 'Archive' or 'Unarchive'. */
  label(record: Detail): string
  icon?(record: Detail): ReactNode
  /**
   * The question of the confirmation dialog, whose title is the label and the noun ('Archive project');
   * staff are told after it that their request goes to an administrator.
   */
  message(record: Detail): string
  /** Shown while the request runs, e.g. 'Deactivating employee...'. */
  busyText?(record: Detail): string
  /** The call: PUT `/projects/{id}/archive` {archive} … */
  call(record: Detail): Promise<{ message: string }>
  /** 'Error submitting project status change request' */
  failed: string
  /**
   * Whether a request for this change waits for approval: the button is then disabled and says so
   * ('Archive requested'). Staff only: an admin's change applies at once.
   */
  requested?(record: Detail): boolean
}

export type FormMode = 'create' | 'edit' | 'review'

export interface StandardTabs {
  overview: RecordTab
  documents: RecordTab
  access: RecordTab
  /** The record's History (docs/decisions.md, "History and activity"). */
  history: RecordTab
}

/** The record's endpoints in the contract: its list, detail, create and update (`supplierEndpoints`). */
export interface RegisterEndpoints<T extends RegisterTypes> {
  list: ListEndpoint<T['item']>
  export: ExportEndpoint
  detail: Endpoint<'GET', string, { params: typeof idParams; response: { 200: z.ZodType<T['detail']> } }>
  create: Endpoint<'POST', string, { body: z.ZodType; response: typeof changeResponses }>
  update: Endpoint<
    'PUT',
    string,
    { params: typeof idParams; body: z.ZodType<T['data']>; response: typeof changeResponses }
  >
}

/** A record's id field, named in the contract after its entity type ('client_id', 'technical_info_id'). */
export type IdKey<E extends EntityType> = `${Lowercase<E>}_id`

/** What a register's declaration says (`features/<register>/register.tsx`). */
export interface RegisterInput<T extends RegisterTypes> {
  entityType: EntityType
  /** 'supplier' ('Loading supplier details...'): the label in lower case unless given. */
  noun?: string
  endpoints: RegisterEndpoints<T>
  /** The record's title (its page's, 'Edit Supplier: <title>'): its name unless given. */
  titleOf?(record: T['detail']): string
  notFound: string

  list: {
    /** The main list's page. */
    title: string
    description?: string
    /** 'No suppliers found.' (the title's words) unless given. */
    emptyText?: string
    /** More buttons beside Add in the main list's header. */
    Actions?: ComponentType
    /** Other lists of the same records, each at its own path (Archived Projects, Old Employees). */
    otherViews?: ListView<T['item']>[]
    /**
     * The list endpoint whose rows hold the record, by its state (an archived project's is the archived
     * list's): the record's Back goes to that list, and a state change takes it out of it at once. The
     * main list unless given.
     */
    listedIn?(record: T['detail']): ListEndpoint<T['item']>
    columns: Column<T['item']>[]
    /** The sorts offered, named; the list's query schema falls back to its own default. */
    sorts: readonly { value: string; label: string }[]
    searchPlaceholder: string
    /** 'Add Supplier' unless given. */
    addLabel?: string
    minWidth?: number
    /** Search applies only on Enter, shown as a chip that clears it (technical information). */
    searchOnEnter?: boolean
    /** The page input shows only when there is more than one page (employees). */
    pagerOnlyWhenPaged?: boolean
  }

  form: {
    /**
     * The update's body (`endpoints.update`) unless given: an employee's also takes a request's login
     * account, which the form does not edit.
     */
    schema?: z.ZodType<T['data']>
    /** The form's blank values, in the order the form shows its fields (the review diff uses it). */
    empty: T['values']
    Fields: ComponentType<{ form: RegisterForm<T['values']>; mode: FormMode }>
    /** 'Add New Supplier' unless given. */
    addTitle?: string
    /** 'Edit Supplier: <title>' unless given. */
    editTitle?(record: T['detail']): string
    /**
     * Labels of the fields for the approval review, by key ('product_category' → 'Category'): the
     * register's own in the domain (`registerFieldLabels`), which the History tab reads too.
     */
    labels?: Record<string, string>
    /** Values the create form starts from besides `empty` (e.g. the default asset status). */
    initial?: Partial<T['values']>
    /** Validates the create form when it has more than the data (an employee's login account). */
    createSchema?: z.ZodType
    /** Extra fields a create request carries besides the data (an employee's login account). */
    createExtras?: (values: T['values']) => Record<string, unknown>
    /** The server's refusals about one field, shown under it (a taken Asset ID), by message. */
    failureFields?: Record<string, string>
  }

  detail: {
    /** The page's loading and load-error texts when the spec words them otherwise (assets). */
    loadingText?: string
    loadErrorText?(message: string): string
    /** Overview, Documents, Access by default; a register may add or reorder tabs. */
    tabs?(record: T['detail'], standard: StandardTabs): RecordTab[]
    /**
     * Starts (prefetches) queries together with the record's own, from the address alone (the record's
     * id and the `?tab=` asked for), so a tab's data does not wait for the record to arrive.
     */
    alongside?(queryClient: QueryClient, id: string, tab: string | null): void
    Overview: ComponentType<{ record: T['detail'] }>
    meta?(record: T['detail']): ReactNode
    editLabel?: string
    stateAction?: StateAction<T['detail']>
  }
}

/** A register as the kit reads it: the declaration with every default filled in. */
export interface RegisterDeclaration<T extends RegisterTypes>
  extends Omit<RegisterInput<T>, 'list' | 'form'> {
  /**
   * 'Supplier', as the activity page and the History name the record's type (`activityEntityLabels`):
   * messages, notifications, and 'Add Supplier', 'Add New Supplier'.
   */
  label: string
  noun: string
  /** The record's id: its `<entity type>_id` field (`IdKey`). */
  idOf(record: T['item'] | T['detail']): string
  titleOf(record: T['detail']): string
  /** Where records open in the app ('/suppliers'), and its main list (`endpoints.list`): `registerRoots`. */
  path: string
  /** The root of its query keys ('suppliers'); every save refreshes them. */
  queryKey: string
  list: Omit<RegisterInput<T>['list'], 'otherViews' | 'listedIn' | 'addLabel'> & {
    /** The list endpoints' query schema (every view's is the same): page, search and sort. */
    query: z.ZodType<ListParams>
    /** The register's own list: where Back, Cancel and a saved add go. */
    main: WordedListView<T['item']>
    /** Every list page, the main one first. */
    views: WordedListView<T['item']>[]
    /** The list page whose rows hold the record (`listedIn`). */
    listOf(record: T['detail']): WordedListView<T['item']>
    addLabel: string
  }
  form: RegisterInput<T>['form'] & {
    schema: z.ZodType<T['data']>
    labels: Record<string, string>
    addTitle: string
    editTitle(record: T['detail']): string
  }
}

/** A record without a `name` must say how it is titled (an employee by their full name). */
type TitleOf<D> = D extends { name: string } ? unknown : { titleOf(record: D): string }

/** A list view with its empty state worded: 'No <title> found.' unless it says otherwise. */
function withEmptyText<Item>(view: ListView<Item>): WordedListView<Item> {
  return { ...view, emptyText: view.emptyText ?? `No ${view.title.toLowerCase()} found.` }
}

/**
 * Declares a register. Its four types come from what it names: the list item and the detail from its
 * endpoints' answers, the values from its blank form, the data from its form's schema (the update's
 * body unless given); every column, field and overview is then checked against them.
 */
export function defineRegister<
  E extends EntityType,
  I extends Record<IdKey<E>, string>,
  D extends RecordBase & Record<IdKey<E>, string>,
  V extends object,
  A extends object,
>(
  input: RegisterInput<{ item: I; detail: D; values: V; data: A }> & { entityType: E } & TitleOf<D>,
): RegisterDeclaration<{ item: I; detail: D; values: V; data: A }> {
  const label = activityEntityLabels[input.entityType]
  const idKey = `${input.entityType.toLowerCase()}_id` as IdKey<E>
  const titleOf = input.titleOf ?? ((record: D) => (record as D & { name: string }).name)
  const { otherViews = [], listedIn, ...list } = input.list
  const { title, description, emptyText, Actions } = list
  const { path, queryKey } = registerRoots[input.entityType]
  const main = withEmptyText({
    path,
    endpoint: input.endpoints.list,
    exportEndpoint: input.endpoints.export,
    title,
    description,
    emptyText,
    Actions,
  })
  const views = [main, ...otherViews.map(withEmptyText)]
  return {
    ...input,
    label,
    noun: input.noun ?? label.toLowerCase(),
    idOf: (record) => record[idKey],
    titleOf,
    path,
    queryKey,
    list: {
      ...list,
      query: input.endpoints.list.schema.querystring,
      main,
      views,
      listOf: (record) => views.find((view) => view.endpoint === listedIn?.(record)) ?? main,
      addLabel: list.addLabel ?? `Add ${label}`,
    },
    form: {
      ...input.form,
      schema: input.form.schema ?? input.endpoints.update.schema.body,
      labels: input.form.labels ?? registerFieldLabels[input.entityType],
      addTitle: input.form.addTitle ?? `Add New ${label}`,
      editTitle: input.form.editTitle ?? ((record) => `Edit ${label}: ${titleOf(record)}`),
    },
  }
}
