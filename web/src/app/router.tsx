import type { EntityType } from '@daftar/domain/registers'
import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router'
import { registerRoots } from '../ui/register-kit/roots.ts'
import { registerRoutes } from '../ui/register-kit/routes.tsx'
import { RootError, RouteError } from './errors.tsx'
import { appLayout, homePage, loginPage, taskListPage } from './first-screen.ts'
import { PageLoader, RedirectIfAuthenticated, RequireAuth } from './guards.tsx'
import { registerLoaders } from './registers.ts'

// Every screen is its own chunk: the login page loads nothing of the signed-in app.
const LoginPage = lazy(loginPage.lazy)
const AppLayout = lazy(appLayout.lazy)
const HomePage = lazy(homePage.lazy)
const TaskListPage = lazy(taskListPage.lazy)
const FinishedTasksPage = lazy(() => import('../features/tasks/FinishedTasksPage.tsx'))
const DeletedTasksPage = lazy(() => import('../features/tasks/DeletedTasksPage.tsx'))
const SearchPage = lazy(() => import('../features/search/views.ts').then((m) => ({ default: m.SearchPage })))
const RecurringTasksPage = lazy(() => import('../features/tasks/RecurringTasksPage.tsx'))
const SettingsPage = lazy(() => import('../features/admin/SettingsPage.tsx'))
const ActivityPage = lazy(() => import('../features/history/ActivityPage.tsx'))
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'))
const AnnouncementsPage = lazy(() => import('../features/announcements/AnnouncementsPage.tsx'))
const ApprovalQueuePage = lazy(() => import('../features/approvals/ApprovalQueuePage.tsx'))
const ReviewActionPage = lazy(() => import('../features/approvals/ReviewActionPage.tsx'))
const reportTypes = () => import('../features/reports/ReportTypesPages.tsx')
const reportForms = () => import('../features/reports/ReportForms.tsx')
const SendReportPage = lazy(() => reportTypes().then((m) => ({ default: m.SendReportPage })))
const ViewReportsPage = lazy(() => reportTypes().then((m) => ({ default: m.ViewReportsPage })))
const InventoryRequestPage = lazy(() => reportForms().then((m) => ({ default: m.InventoryRequestPage })))
const OperationsReportPage = lazy(() => reportForms().then((m) => ({ default: m.OperationsReportPage })))
const ExpensesIncomePage = lazy(() => reportForms().then((m) => ({ default: m.ExpensesIncomePage })))
const ReportListPage = lazy(() => import('../features/reports/ReportListPage.tsx'))
const ReportDetailPage = lazy(() => import('../features/reports/ReportDetailPage.tsx'))
const accountsList = () => import('../features/accounts/AccountsListPage.tsx')
const accountsForms = () => import('../features/accounts/DocumentPages.tsx')
const ReceivablesPage = lazy(() => accountsList().then((m) => ({ default: m.ReceivablesPage })))
const PayablesPage = lazy(() => accountsList().then((m) => ({ default: m.PayablesPage })))
const AddReceivablePage = lazy(() => accountsForms().then((m) => ({ default: m.AddReceivablePage })))
const EditReceivablePage = lazy(() => accountsForms().then((m) => ({ default: m.EditReceivablePage })))
const AddPayablePage = lazy(() => accountsForms().then((m) => ({ default: m.AddPayablePage })))
const EditPayablePage = lazy(() => accountsForms().then((m) => ({ default: m.EditPayablePage })))
const GstReturnPage = lazy(() => import('../features/accounts/GstReturnPage.tsx'))
const ImportPage = lazy(() => import('../features/import/ImportPage.tsx'))

const page = (Component: React.ComponentType) => (
  <Suspense fallback={<PageLoader />}>
    <Component />
  </Suspense>
)

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
    // A page that fails shows its error inside the frame: header and sidebar stay (app/errors.tsx).
    children: [{ errorElement: <RouteError />, children: pages() }],
  },
  { path: '*', element: <Navigate to="/" replace /> },
])

/**
 * `/` is the home page; the task list moved to /tasks. An address made for the old landing page
 * (`/?task=…` in notifications stored before, bookmarks) still opens the task over the task list
 * (docs/decisions.md, "The home page").
 */
function HomeOrOldTaskLink() {
  const { search } = useLocation()
  if (new URLSearchParams(search).has('task')) return <Navigate to={`/tasks${search}`} replace />
  return page(HomePage)
}

function pages(): RouteObject[] {
  return [
    { index: true, element: <HomeOrOldTaskLink /> },
    { path: 'tasks', element: page(TaskListPage) },
    { path: 'finished-tasks', element: page(FinishedTasksPage) },
    { path: 'deleted-tasks', element: page(DeletedTasksPage) },
    { path: 'recurring-tasks', element: page(RecurringTasksPage) },
    { path: 'reports/send', element: page(SendReportPage) },
    { path: 'reports/inventory-request/new', element: page(InventoryRequestPage) },
    { path: 'reports/operations-report/new', element: page(OperationsReportPage) },
    { path: 'reports/expenses-income/new', element: page(ExpensesIncomePage) },
    { path: 'reports/view', element: page(ViewReportsPage) },
    { path: 'reports/list/:reportType', element: page(ReportListPage) },
    { path: 'reports/view/:reportId', element: page(ReportDetailPage) },
    ...(Object.keys(registerLoaders) as EntityType[]).flatMap((type) =>
      registerRoutes(() => registerLoaders[type].open(), registerRoots[type]),
    ),
    { path: 'organization/announcements', element: page(AnnouncementsPage) },
    { path: 'accounts/receivables', element: page(ReceivablesPage) },
    { path: 'accounts/receivables/add', element: page(AddReceivablePage) },
    { path: 'accounts/receivables/:id/edit', element: page(EditReceivablePage) },
    { path: 'accounts/payables', element: page(PayablesPage) },
    { path: 'accounts/payables/add', element: page(AddPayablePage) },
    { path: 'accounts/payables/:id/edit', element: page(EditPayablePage) },
    { path: 'accounts/gst', element: page(GstReturnPage) },
    { path: 'admin/approvals', element: page(ApprovalQueuePage) },
    { path: 'admin/approvals/:actionId', element: page(ReviewActionPage) },
    { path: 'admin/settings', element: page(SettingsPage) },
    { path: 'admin/activity', element: page(ActivityPage) },
    { path: 'import', element: page(ImportPage) },
    { path: 'profile', element: page(ProfilePage) },
    { path: 'search', element: page(SearchPage) },
  ]
}
