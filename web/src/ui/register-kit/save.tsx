import { type ActionType, type ChangeResult, requestFailedMessage } from '@daftar/domain/registers'
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { ApiError, errorMessage, SessionExpiredError } from '../../api/client.ts'
import { canWrite, type RecordAccess } from '../access-api.ts'
import { ErrorPanel } from '../ErrorPanel.tsx'
import { type SaveFailure, saveFailure } from '../FormNotes.tsx'
import { notifyError, notifySuccess } from '../notify.ts'
import { PageLoading } from '../RecordPage.tsx'
import type { AnyRegister } from './define.ts'

/**
 * The loading, error, not-found and read-only states of every register record page; `children` gets
 * the loaded record. With `requireWrite` (edit pages), READ access shows a read-only panel instead.
 */
export function RecordGate<T extends { access_level: RecordAccess }>(props: {
  query: UseQueryResult<T>
  register: AnyRegister
  listPath: string
  listLabel: string
  requireWrite?: { recordPath: string }
  children: (record: T) => ReactNode
}) {
  const { query, register } = props
  if (query.isPending)
    return <PageLoading text={register.detail.loadingText ?? `Loading ${register.noun} details...`} />
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return (
      <ErrorPanel
        title={missing ? 'Not found' : undefined}
        message={
          missing
            ? register.notFound
            : (register.detail.loadErrorText?.(errorMessage(query.error, 'Unknown error')) ??
              `Error loading ${register.noun} details: ${errorMessage(query.error, 'Unknown error')}`)
        }
        backTo={props.listPath}
        backLabel={props.listLabel}
      />
    )
  }
  if (props.requireWrite && !canWrite(query.data.access_level)) {
    return (
      <ErrorPanel
        title="Read-only"
        message={`You have read-only access to this ${register.noun}.`}
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
  register: AnyRegister
  action: ActionType
  call: (value: V) => Promise<ChangeResult>
  onSaved: (result: ChangeResult) => void
}) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<SaveFailure | null>(null)
  const failed = requestFailedMessage(options.register.label, options.action)
  const mutation = useMutation({
    mutationFn: options.call,
    onSuccess: async (result) => {
      notifySuccess(result.message)
      await Promise.all(
        [options.register.queryKey, 'approvals'].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root] }),
        ),
      )
      options.onSaved(result)
    },
    onError: (error) => {
      // The sign-in page says the session expired, once.
      if (error instanceof SessionExpiredError) return
      notifyError(errorMessage(error, failed))
      setFailure(saveFailure(error, failed))
    },
  })
  return {
    save: (value: V) => {
      if (mutation.isPending) return
      setFailure(null)
      mutation.mutate(value)
    },
    busy: mutation.isPending,
    saved: mutation.isSuccess,
    failure,
  }
}
