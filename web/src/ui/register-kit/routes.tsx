import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { pageRoute } from '../../app/page-chunk.tsx'
import type { RegisterDeclaration, RegisterTypes } from './define.ts'
import type { RegisterRoot } from './roots.ts'

/** A register's declaration, loaded on first use (its entry in app/registers.ts). */
export interface RegisterLoader<T extends RegisterTypes> {
  load(): Promise<{ register: RegisterDeclaration<T> }>
}

/**
 * A register at its own types, for code that serves every register whichever it is: `open(use)` calls
 * `use` with the declaration, so its list item, detail, values and data stay checked against each other.
 */
export type OpenRegister = <R>(use: <T extends RegisterTypes>(register: RegisterDeclaration<T>) => R) => R

/** One page of a register: its declaration and the kit's page load together, on first use. */
function kitPage<M>(
  open: () => Promise<OpenRegister>,
  kit: () => Promise<M>,
  render: <T extends RegisterTypes>(register: RegisterDeclaration<T>, kit: M) => ComponentType,
) {
  return pageRoute(async () => {
    const [use, loaded] = await Promise.all([open(), kit()])
    return { default: use((register) => render(register, loaded)) }
  })
}

/**
 * The routes of one register, at its roots (roots.ts): each list at its path, then `<path>/add`,
 * `<path>/:id` and `<path>/:id/edit`. The register's declaration and the kit's pages load with the
 * first of its pages that is opened, never with the app's first screen.
 */
export function registerRoutes(open: () => Promise<OpenRegister>, root: RegisterRoot): RouteObject[] {
  const base = root.path.slice(1)
  const forms = () => import('./FormPages.tsx')
  const lists = [root.path, ...Object.values(root.otherLists)].map((listPath) => ({
    path: listPath.slice(1),
    ...kitPage(
      open,
      () => import('./ListPage.tsx'),
      (register, { RegisterListPage }) => {
        const view = register.list.views.find((v) => v.path === listPath)
        if (!view) throw new Error(`The register declares no list at ${listPath}`)
        return () => <RegisterListPage key={view.path} register={register} view={view} />
      },
    ),
  }))
  return [
    ...lists,
    {
      path: `${base}/add`,
      ...kitPage(open, forms, (register, { RegisterAddPage }) => () => (
        <RegisterAddPage register={register} />
      )),
    },
    {
      path: `${base}/:id`,
      ...kitPage(
        open,
        () => import('./DetailPage.tsx'),
        (register, { RegisterDetailPage }) =>
          () => <RegisterDetailPage register={register} />,
      ),
    },
    {
      path: `${base}/:id/edit`,
      ...kitPage(open, forms, (register, { RegisterEditPage }) => () => (
        <RegisterEditPage register={register} />
      )),
    },
  ]
}
