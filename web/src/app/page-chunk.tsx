import { type ComponentType, lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { PageLoader } from './guards.tsx'

/** A chunk of the app: `preload` asks for it; `lazy` is its loader for React.lazy. */
export interface Chunk<M> {
  preload(): Promise<M>
  lazy(): Promise<M>
}

/**
 * A chunk whose `lazy` answers synchronously once the chunk is here, so that React renders the
 * component in the same pass instead of committing its Suspense fallback first. A committed fallback
 * costs more than a frame: React then holds the content back until 300 ms after it (its Suspense
 * throttling), and over the pre-rendered page of login.html it would swap the page for a loader for a
 * moment (docs/decisions.md, "The first screen in one render").
 */
export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let loaded: M | undefined
  const preload = () => load().then((module) => (loaded = module))
  return {
    preload,
    lazy: () => {
      const module = loaded
      if (module === undefined) return preload()
      // biome-ignore lint/suspicious/noThenProperty: a thenable React.lazy reads synchronously, on purpose
      const settled = { then: (resolve: (value: M) => void) => resolve(module) }
      return settled as unknown as Promise<M>
    },
  }
}

type PageModule = { default: ComponentType }

/**
 * A page's route: its component behind a loader, and React Router's `lazy`, which loads the page's
 * chunk before the router commits a navigation to it (or renders the address the app opened at), so
 * that the page before stays until the new one can render whole, without its loader and the 300 ms
 * hold that follows it. A chunk that fails to load is left to the page's render, which fails into the
 * route's error boundary (app/errors.tsx) as it would without.
 */
export function pageRoute(page: Chunk<PageModule> | (() => Promise<PageModule>)) {
  const { preload, lazy: load } = typeof page === 'function' ? chunk(page) : page
  const Page = lazy(load)
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    ),
    lazy: () =>
      preload().then(
        () => ({}),
        () => ({}),
      ),
  } satisfies RouteObject
}
