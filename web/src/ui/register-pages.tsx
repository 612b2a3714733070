import { type ActionType, requestFailedMessage } from '@daftar/domain/registers'
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { ApiError, errorMessage, serverError } from '../api/client.ts'
import { canWrite, type RecordAccess } from './access-api.ts'
import { ErrorPanel } from './ErrorPanel.tsx'
import { type SaveFailure, saveFailure } from './FormNotes.tsx'
import { notifyError, notifySuccess } from './notify.ts'
import { PageLoading } from './RecordPage.tsx'

/** Create and update of a register answer 201/200 with entityId for admins, 202 with actionId for staff. */
export interface ChangeResult {
  message: string
  entityId?: string
  actionId?: string
}

export interface RecordLabels {
  /** 'client', as in 'Loading client details...' and 'Error loading client details: …'. */
  noun: string
  /** The spec's text for a record that is not there ('Client not found.'). */
  notFound: string
  listPath: string
  listLabel: string
}

/**
 * The loading, error, not-found and read-only states of every register record page; `children` gets
 * the loaded record. With `requireWrite` (edit pages), READ access shows a read-only panel instead.
 */
export function RecordGate<T extends { access_level: RecordAccess }>(props: {
  query: UseQueryResult<T>
  labels: RecordLabels
  requireWrite?: { recordPath: string }
  children: (record: T) => ReactNode
}) {
  const { query, labels } = props
  if (query.isPending) return <PageLoading text={`Loading ${labels.noun} details...`} />
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return (
      <ErrorPanel
        title={missing ? 'Not found' : undefined}
        message={
          missing
            ? labels.notFound
            : `Error loading ${labels.noun} details: ${errorMessage(query.error, 'Unknown error')}`
        }
        backTo={labels.listPath}
        backLabel={labels.listLabel}
      />
    )
  }
  if (props.requireWrite && !canWrite(query.data.access_level)) {
    return (
      <ErrorPanel
        title="Read-only"
        message={`You have read-only access to this ${labels.noun}.`}
        backTo={props.requireWrite.recordPath}
        backLabel="Back"
      />
    )
  }
  return <>{props.children(query.data)}</>
}

/**
 * Saving a register form: the server's message as a toast, the spec's 'Error submitting … request'
 * (or the server's error) as a toast and in the form's red box, the register's queries and the
 * approval queue refreshed.
 */
export function useRegisterSave<V>(options: {
  label: string
  action: ActionType
  /** Query key roots to refresh after a save, e.g. ['clients']. */
  refresh: string[]
  call: (value: V) => Promise<ChangeResult>
  onSaved: (result: ChangeResult) => void
}) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<SaveFailure | null>(null)
  const failed = requestFailedMessage(options.label, options.action)
  const mutation = useMutation({
    mutationFn: options.call,
    onSuccess: async (result) => {
      notifySuccess(result.message)
      await Promise.all(
        [...options.refresh, 'approvals'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      )
      options.onSaved(result)
    },
    onError: (error) => {
      notifyError(serverError(error) ?? failed)
      setFailure(saveFailure(error, failed))
    },
  })
  return {
    save: (value: V) => {
      setFailure(null)
      mutation.mutate(value)
    },
    busy: mutation.isPending,
    failure,
  }
}
