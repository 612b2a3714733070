import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../api/client.ts'
import type { ConfirmDialogProps } from './ConfirmDialog.tsx'
import { notifyError, notifySuccess } from './notify.ts'

export interface ConfirmedActionOptions<T> {
  /** The request, for the row the person picked. */
  run: (target: T) => Promise<{ message: string }>
  /** The toast when the request fails, unless the server says why. */
  failed: string
  /** The reads the action changes, fetched again once it is done. */
  invalidate: QueryKey
}

/**
 * A row's action that an "are you sure?" stands before (remove a passkey, sign out a device, delete a
 * category): the picked row waits in `target` while ConfirmDialog asks; on yes the request runs, the
 * server's message is toasted, the dialog closes and the changed reads are fetched again. A failure is
 * toasted and leaves the dialog open, to try again or cancel.
 */
export function useConfirmedAction<T>({ run, failed, invalidate }: ConfirmedActionOptions<T>) {
  const queryClient = useQueryClient()
  const [target, setTarget] = useState<T | null>(null)
  const action = useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      notifySuccess(answer.message)
      setTarget(null)
      await queryClient.invalidateQueries({ queryKey: invalidate })
    },
    onError: (error) => notifyError(errorMessage(error, failed)),
  })
  const dialog: Pick<ConfirmDialogProps, 'opened' | 'busy' | 'onConfirm' | 'onCancel'> = {
    opened: target !== null,
    busy: action.isPending,
    onConfirm: () => {
      if (target !== null) action.mutate(target)
    },
    onCancel: () => setTarget(null),
  }
  return { target, ask: setTarget, dialog }
}
