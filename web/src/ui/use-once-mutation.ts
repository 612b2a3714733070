import { type UseMutationOptions, useMutation } from '@tanstack/react-query'
import { useRef } from 'react'

/**
 * A mutation that refuses to start again while it runs: `run` is a no-op from the first call until
 * that call settles. `isPending` turns true only once React renders again, so a double click would
 * otherwise send twice (a double import, a double payment).
 */
export function useOnceMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  const running = useRef(false)
  const mutation = useMutation(options)
  const run = (variables: TVariables) => {
    if (running.current) return
    running.current = true
    mutation.mutate(variables, {
      onSettled: () => {
        running.current = false
      },
    })
  }
  return { ...mutation, run }
}
