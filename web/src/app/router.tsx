import type { EntityType } from '@daftar/domain/registers'
import { type ComponentType, lazy } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router'
import { registerRoots } from '../ui/register-kit/roots.ts'
import { registerRoutes } from '../ui/register-kit/routes.tsx'
import { navigation, RootError, RouteError } from './errors.tsx'
import { appLayout, homePage, loginPage, taskListPage } from './first-screen.ts'
import { AppFrameSkeleton, RedirectIfAuthenticated, RequireAuth } from './guards.tsx'
import { pageRoute } from './page-chunk.tsx'
import { registerLoaders } from './registers.ts'

// Every screen is its own chunk: the login page loads nothing of the signed-in app.
const LoginPage = lazy(loginPage.lazy)
const AppLayout = lazy(appLayout.lazy)
const reportTypes = () => import('../features/reports/ReportTypesPages.tsx')
const reportForms = () => import('../features/reports/ReportForms.tsx')
const accountsList = () => import('../features/accounts/AccountsListPage.tsx')
const accountsForms = () => import('../features/accounts/DocumentPages.tsx')
const home = pageRoute(homePage)
/** A page that is one export of a module holding several: that export as the page's module. */
const pageOf =
  <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  () =>
    load().then((module) => ({ default: module[name] }))

export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <RedirectIfAuthenticated>
        <LoginPage />
      </RedirectIfAuthenticated>
    ),
    errorElement: <RootError />,
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    errorElement: <RootError />,
    // While the address's page loads at the start (its route's `lazy`, app/page-chunk.tsx).
    hydrateFallbackElement: <AppFrameSkeleton />,
    // A page that fails shows its error inside the frame: header and sidebar stay (app/errors.tsx).
    children: [{ errorElement: <RouteError />, children: pages() }],
  },
  { path: '*', element: <Navigate to="/" replace /> },
])

navigation.pending = () => {
  const to = router.state.navigation.location
  return to ? `${to.pathname}${to.search}${to.hash}` : undefined
}

/**
 * `/` is the home page; the task list moved to /tasks. An address made for the old landing page
 * (`/?task=…` in notifications stored before, bookmarks) still opens the task over the task list
 * (docs/decisions.md, "The home page").
 */
function HomeOrOldTaskLink() {
  const { search } = useLocation()
  if (new URLSearchParams(search).has('task')) return <Navigate to={`/tasks${search}`} replace />
  return home.element
}

function pages(): RouteObject[] {
  return [
    { index: true, element: <HomeOrOldTaskLink />, lazy: home.lazy },
    { path: 'tasks', ...pageRoute(taskListPage) },
    { path: 'finished-tasks', ...pageRoute(() => import('../features/tasks/FinishedTasksPage.tsx')) },
    { path: 'deleted-tasks', ...pageRoute(() => import('../features/tasks/DeletedTasksPage.tsx')) },
    { path: 'recurring-tasks', ...pageRoute(() => import('../features/tasks/RecurringTasksPage.tsx')) },
    { path: 'reports/send', ...pageRoute(pageOf(reportTypes, 'SendReportPage')) },
    { path: 'reports/inventory-request/new', ...pageRoute(pageOf(reportForms, 'InventoryRequestPage')) },
    { path: 'reports/operations-report/new', ...pageRoute(pageOf(reportForms, 'OperationsReportPage')) },
    { path: 'reports/expenses-income/new', ...pageRoute(pageOf(reportForms, 'ExpensesIncomePage')) },
    { path: 'reports/view', ...pageRoute(pageOf(reportTypes, 'ViewReportsPage')) },
    {
      path: 'reports/list/:reportType',
      ...pageRoute(() => import('../features/reports/ReportListPage.tsx')),
    },
    {
      path: 'reports/view/:reportId',
      ...pageRoute(() => import('../features/reports/ReportDetailPage.tsx')),
    },
    ...(Object.keys(registerLoaders) as EntityType[]).flatMap((type) =>
      registerRoutes(() => registerLoaders[type].open(), registerRoots[type]),
    ),
    {
      path: 'organization/announcements',
      ...pageRoute(() => import('../features/announcements/AnnouncementsPage.tsx')),
    },
    { path: 'accounts/receivables', ...pageRoute(pageOf(accountsList, 'ReceivablesPage')) },
    { path: 'accounts/receivables/add', ...pageRoute(pageOf(accountsForms, 'AddReceivablePage')) },
    { path: 'accounts/receivables/:id/edit', ...pageRoute(pageOf(accountsForms, 'EditReceivablePage')) },
    { path: 'accounts/payables', ...pageRoute(pageOf(accountsList, 'PayablesPage')) },
    { path: 'accounts/payables/add', ...pageRoute(pageOf(accountsForms, 'AddPayablePage')) },
    { path: 'accounts/payables/:id/edit', ...pageRoute(pageOf(accountsForms, 'EditPayablePage')) },
    { path: 'accounts/gst', ...pageRoute(() => import('../features/accounts/GstReturnPage.tsx')) },
    { path: 'admin/approvals', ...pageRoute(() => import('../features/approvals/ApprovalQueuePage.tsx')) },
    {
      path: 'admin/approvals/:actionId',
      ...pageRoute(() => import('../features/approvals/ReviewActionPage.tsx')),
    },
    { path: 'admin/settings', ...pageRoute(() => import('../features/admin/SettingsPage.tsx')) },
    { path: 'admin/activity', ...pageRoute(() => import('../features/history/ActivityPage.tsx')) },
    { path: 'import', ...pageRoute(() => import('../features/import/ImportPage.tsx')) },
    { path: 'profile', ...pageRoute(() => import('../features/profile/ProfilePage.tsx')) },
    { path: 'search', ...pageRoute(pageOf(() => import('../features/search/views.ts'), 'SearchPage')) },
  ]
}
