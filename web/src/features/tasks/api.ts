import type { Comment, Task, TaskPerson } from '@daftar/domain'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

const MINUTE = 60_000

export type People = Record<string, TaskPerson>
export type TaskDetail = Task & { people: People }
export type ClosedKind = 'finished' | 'deleted'

export interface ClosedListParams {
  page: number
  searchQuery: string
  selectedCategory: string
  sortBy: string
}

/** Task lists and details refetch every 5 minutes and stay fresh for 5 (docs/product.md, "Constants and limits"). */
const taskFreshness = { staleTime: 5 * MINUTE, refetchInterval: 5 * MINUTE }

/**
 * The active lists change under the user's feet (others submit, approve, forward): they refresh on
 * the bell's 30 s beat and when the window regains focus (issue 10, defect 4).
 */
export const ACTIVE_REFRESH_MS = 30_000

export const activeTasksQuery = queryOptions({
  queryKey: ['tasks', 'active'],
  queryFn: ({ signal }) => api<{ tasks: Task[]; people: People }>('/tasks', { signal }),
  staleTime: ACTIVE_REFRESH_MS,
  refetchInterval: ACTIVE_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
})

export function closedTasksQuery(kind: ClosedKind, params: ClosedListParams) {
  return queryOptions({
    queryKey: ['tasks', kind, params],
    queryFn: ({ signal }) =>
      api<{ tasks: Task[]; people: People; totalPages: number; currentPage: number }>(`/tasks/${kind}`, {
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...taskFreshness,
  })
}

/** A task's detail: `kind` picks the finished or deleted endpoint, as the spec's lists do. */
export function taskDetailQuery(taskId: string, kind?: ClosedKind) {
  return queryOptions({
    queryKey: ['tasks', 'detail', taskId],
    queryFn: ({ signal }) =>
      api<TaskDetail>(kind ? `/tasks/${kind}/${taskId}` : `/tasks/${taskId}`, { signal }),
    ...taskFreshness,
  })
}

const ifMatch = (version: number) => ({ 'if-match': String(version) })

export const tasksApi = {
  create: (form: FormData) =>
    api<{ message: string; task: TaskDetail }>('/tasks', { method: 'POST', body: form }),
  update: (taskId: string, form: FormData, version: number) =>
    api<{ message: string; task: TaskDetail }>(`/tasks/${taskId}`, {
      method: 'PUT',
      body: form,
      headers: ifMatch(version),
    }),
  remove: (taskId: string) => api<{ message: string }>(`/tasks/${taskId}`, { method: 'DELETE' }),
  complete: (taskId: string, form: FormData) =>
    api<{ message: string }>(`/tasks/${taskId}/complete`, { method: 'PUT', body: form }),
  approve: (taskId: string) => api<{ message: string }>(`/tasks/${taskId}/approve`, { method: 'PUT' }),
  reject: (taskId: string, rejectionComment: string) =>
    api<{ message: string }>(`/tasks/${taskId}/reject`, { method: 'PUT', body: { rejectionComment } }),
  forward: (taskId: string, assignTo: string) =>
    api<{ message: string }>(`/tasks/${taskId}/forward`, { method: 'PUT', body: { assignTo } }),
  comment: (taskId: string, text: string) =>
    api<{ message: string; comment: Comment }>('/comments', {
      method: 'POST',
      body: { task_id: taskId, comment_text: text },
    }),
}
