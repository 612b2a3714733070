import { type ActionType, type ChangeResult, requestFailedMessage } from '@daftar/domain/registers'
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { useBlocker } from 'react-router'
import { ApiError, errorMessage } from '../../api/client.ts'
import { canWrite, type RecordAccess } from '../access-api.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
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

/**
 * Asks before a form with unsaved input is left: browser back and links (React Router's blocker) and
 * reload or closing the tab (the browser's own prompt).
 */
export function LeaveGuard({ when, anyChange }: { when: boolean; anyChange?: boolean }) {
  // `anyChange`: a form in a dialog whose page keeps state in the query string (the task detail's
  // `?task=`) asks before that changes too.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (Boolean(anyChange) && currentLocation.search !== nextLocation.search)),
  )
  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave this page?"
      message="You have unsaved changes. If you leave, they will be lost."
      confirmLabel="Leave"
      cancelLabel="Stay"
      color="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}
