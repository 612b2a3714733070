import { recurringEndpoints } from '@daftar/domain/recurring'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { tasksKey } from './api.ts'

/** Under the task queries: a new series creates a task, and a task change may end a series' line. */
export const recurringKey = [...tasksKey, 'recurring'] as const

export const recurringListQuery = (page: number) =>
  queryOptions({
    queryKey: [...recurringKey, 'list', page],
    queryFn: ({ signal }) => call(recurringEndpoints.list, { query: { page }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

/** The series of a task, for the line on its detail ('Repeats weekly on Mon — next 2 Dec 2026'). */
export const taskSeriesQuery = (taskId: string) =>
  queryOptions({
    queryKey: [...recurringKey, 'of-task', taskId],
    queryFn: ({ signal }) => call(recurringEndpoints.ofTask, { params: { id: taskId }, signal }),
    staleTime: 5 * 60_000,
  })
