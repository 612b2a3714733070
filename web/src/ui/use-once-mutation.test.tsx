import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useOnceMutation } from './use-once-mutation.ts'

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
)

describe('useOnceMutation', () => {
  it('sends once for two calls in one render (a double click), and again once the first settles', async () => {
    let sent = 0
    let finish: () => void = () => {}
    const { result } = renderHook(
      () =>
        useOnceMutation({
          mutationFn: () => {
            sent++
            return new Promise<void>((resolve) => {
              finish = resolve
            })
          },
        }),
      { wrapper },
    )
    act(() => {
      result.current.run()
      result.current.run()
    })
    await waitFor(() => expect(sent).toBe(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
    expect(sent).toBe(1)
    await act(async () => finish())
    await waitFor(() => expect(result.current.isPending).toBe(false))
    act(() => result.current.run())
    await waitFor(() => expect(sent).toBe(2))
  })
})
