import { type ComponentProps, useSyncExternalStore } from 'react'
import { RouterProvider } from 'react-router'

type Router = ComponentProps<typeof RouterProvider>['router']

/**
 * React Router's provider, mounted again once the router has loaded the page the app opened at. The
 * provider reads the router's state when it renders and subscribes only when it commits, and the
 * router keeps its first load for a late subscriber only when it had no other (main.tsx listens too).
 * The first render is a transition done in slices (main.tsx): a router that finished loading between
 * the provider's render and its commit was never heard of, and the app stayed on the frame's skeleton
 * with nothing left to wait for (docs/decisions.md, "CI time"). `useSyncExternalStore` looks again
 * before the commit and once it has subscribed, and the provider then starts afresh from the router's
 * state as it is.
 */
export function CatchingUpRouterProvider({ router }: { router: Router }) {
  const initialized = useSyncExternalStore(router.subscribe, () => router.state.initialized)
  return <RouterProvider key={String(initialized)} router={router} />
}
