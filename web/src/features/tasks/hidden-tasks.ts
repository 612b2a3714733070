import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { notifyError, notifySuccess } from '../../ui/notify.ts'

export type HiddenTasks = ReturnType<typeof useHiddenTasks>

/**
 * The list hides a task at once on delete or complete and restores it if the call fails.
 * `run` hides, calls, and on failure shows the spec's error and brings the task back.
 */
export function useHiddenTasks() {
  const queryClient = useQueryClient()
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set())
  const set = useCallback((id: string, hide: boolean) => {
    setIds((current) => {
      const next = new Set(current)
      if (hide) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])

  const run = useCallback(
    async (
      id: string,
      call: () => Promise<unknown>,
      messages: { success: string; failure: string; pending?: string },
    ) => {
      set(id, true)
      if (messages.pending) notifySuccess(messages.pending)
      try {
        await call()
        notifySuccess(messages.success)
        await queryClient.invalidateQueries({ queryKey: ['tasks'] })
      } catch {
        notifyError(messages.failure)
      } finally {
        set(id, false)
      }
    },
    [queryClient, set],
  )
  return { ids, run }
}
