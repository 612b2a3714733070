import { type ComponentType, lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { PageLoader } from '../../app/guards.tsx'
import type { RegisterDeclaration, RegisterTypes } from './define.ts'

/** A register's declaration, loaded on first use (its entry in app/registers.ts). */
export interface RegisterLoader<T extends RegisterTypes> {
  load(): Promise<{ register: RegisterDeclaration<T> }>
}

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load)
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  )
}

/**
 * The routes of one register: each list view at its path, then `<base>/add`, `<base>/:id` and
 * `<base>/:id/edit`. The register's declaration and the kit's pages load with the first of its pages
 * that is opened, never with the app's first screen.
 */
export function registerRoutes<T extends RegisterTypes>(
  { load }: RegisterLoader<T>,
  paths: { base: string; lists: string[] },
): RouteObject[] {
  const lists = paths.lists.map((path, index) => ({
    path,
    element: page(async () => {
      const [{ register }, { RegisterListPage }] = await Promise.all([load(), import('./ListPage.tsx')])
      const view = register.list.views[index]!
      return { default: () => <RegisterListPage key={view.path} register={register} view={view} /> }
    }),
  }))
  return [
    ...lists,
    {
      path: `${paths.base}/add`,
      element: page(async () => {
        const [{ register }, { RegisterAddPage }] = await Promise.all([load(), import('./FormPages.tsx')])
        return { default: () => <RegisterAddPage register={register} /> }
      }),
    },
    {
      path: `${paths.base}/:id`,
      element: page(async () => {
        const [{ register }, { RegisterDetailPage }] = await Promise.all([load(), import('./DetailPage.tsx')])
        return { default: () => <RegisterDetailPage register={register} /> }
      }),
    },
    {
      path: `${paths.base}/:id/edit`,
      element: page(async () => {
        const [{ register }, { RegisterEditPage }] = await Promise.all([load(), import('./FormPages.tsx')])
        return { default: () => <RegisterEditPage register={register} /> }
      }),
    },
  ]
}
