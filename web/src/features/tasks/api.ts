import type { TaskPerson } from '@daftar/domain'
import {
  type ActiveTaskQuery,
  type DeletedSort,
  deletedSorts,
  type FinishedSort,
  type finishedQuery,
  finishedSorts,
  taskEndpoints,
  type taskWithPeople,
} from '@daftar/domain/tasks'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { call } from '../../api/client.ts'

const MINUTE = 60_000

export type People = Record<string, TaskPerson>
export type TaskDetail = z.output<typeof taskWithPeople>
export type ClosedKind = 'finished' | 'deleted'

/** The query of the finished and deleted lists, under the API's own names. */
export type ClosedListParams = Omit<z.input<typeof finishedQuery>, 'sortBy'> & {
  sortBy?: FinishedSort | DeletedSort
}

/** The sort if it is one of `sorts`: each list is sent only its own, which is all it takes (400 otherwise). */
const own = <T extends string>(sorts: readonly T[], sort: string | undefined) => sorts.find((s) => s === sort)

/** Every task query starts with it: a change refreshes them all. */
export const tasksKey = ['tasks'] as const

/** Task lists and details refetch every 5 minutes and stay fresh for 5 (docs/product.md, "Constants and limits"). */
const taskFreshness = { staleTime: 5 * MINUTE, refetchInterval: 5 * MINUTE }

/**
 * The active lists change under the user's feet (others submit, approve, forward): they refresh on
 * the bell's 30 s beat and when the window regains focus.
 */
export const ACTIVE_REFRESH_MS = 30_000

/** The active list, all of it or only a Due filter's tasks (`activeTaskQuery`), each under its own key. */
export function activeTasksQuery({ due }: ActiveTaskQuery = {}) {
  return queryOptions({
    queryKey: due ? [...tasksKey, 'active', due] : [...tasksKey, 'active'],
    queryFn: ({ signal }) => call(taskEndpoints.active, { query: { due }, signal }),
    staleTime: ACTIVE_REFRESH_MS,
    refetchInterval: ACTIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  })
}

export function closedTasksQuery(kind: ClosedKind, query: ClosedListParams) {
  return queryOptions({
    queryKey: [...tasksKey, kind, query],
    queryFn: ({ signal }) =>
      kind === 'finished'
        ? call(taskEndpoints.finished, {
            query: { ...query, sortBy: own(finishedSorts, query.sortBy) },
            signal,
          })
        : call(taskEndpoints.deleted, {
            query: { ...query, sortBy: own(deletedSorts, query.sortBy) },
            signal,
          }),
    placeholderData: keepPreviousData,
    ...taskFreshness,
  })
}

/** A task's detail: `kind` picks the finished or deleted endpoint, as the spec's lists do. */
export function taskDetailQuery(taskId: string, kind?: ClosedKind) {
  const endpoint =
    kind === 'finished'
      ? taskEndpoints.finishedDetail
      : kind === 'deleted'
        ? taskEndpoints.deletedDetail
        : taskEndpoints.detail
  return queryOptions({
    queryKey: [...tasksKey, 'detail', taskId],
    queryFn: ({ signal }) => call(endpoint, { params: { id: taskId }, signal }),
    ...taskFreshness,
  })
}
