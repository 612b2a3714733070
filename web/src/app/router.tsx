import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { PageLoader, RedirectIfAuthenticated, RequireAuth } from './guards.tsx'

// Every screen is its own chunk: the login page loads nothing of the signed-in app.
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'))
const AppLayout = lazy(() => import('./shell/AppLayout.tsx'))
const TaskListPage = lazy(() => import('../features/tasks/TaskListPage.tsx'))
const FinishedTasksPage = lazy(() => import('../features/tasks/FinishedTasksPage.tsx'))
const DeletedTasksPage = lazy(() => import('../features/tasks/DeletedTasksPage.tsx'))
const SettingsPage = lazy(() => import('../features/admin/SettingsPage.tsx'))
const ActiveProjectsPage = lazy(() => import('../features/projects/ProjectsListPage.tsx'))
const ArchivedProjectsPage = lazy(() =>
  import('../features/projects/ProjectsListPage.tsx').then((m) => ({ default: m.ArchivedProjectsPage })),
)
const AddProjectPage = lazy(() => import('../features/projects/AddProjectPage.tsx'))
const ProjectDetailPage = lazy(() => import('../features/projects/ProjectDetailPage.tsx'))
const EditProjectPage = lazy(() => import('../features/projects/EditProjectPage.tsx'))
const ClientsListPage = lazy(() => import('../features/clients/ClientsListPage.tsx'))
const AddClientPage = lazy(() => import('../features/clients/AddClientPage.tsx'))
const ClientDetailPage = lazy(() => import('../features/clients/ClientDetailPage.tsx'))
const EditClientPage = lazy(() => import('../features/clients/EditClientPage.tsx'))
const ApprovalQueuePage = lazy(() => import('../features/approvals/ApprovalQueuePage.tsx'))
const ReviewActionPage = lazy(() => import('../features/approvals/ReviewActionPage.tsx'))
const accountsList = () => import('../features/accounts/AccountsListPage.tsx')
const accountsForms = () => import('../features/accounts/DocumentPages.tsx')
const ReceivablesPage = lazy(() => accountsList().then((m) => ({ default: m.ReceivablesPage })))
const PayablesPage = lazy(() => accountsList().then((m) => ({ default: m.PayablesPage })))
const AddReceivablePage = lazy(() => accountsForms().then((m) => ({ default: m.AddReceivablePage })))
const EditReceivablePage = lazy(() => accountsForms().then((m) => ({ default: m.EditReceivablePage })))
const AddPayablePage = lazy(() => accountsForms().then((m) => ({ default: m.AddPayablePage })))
const EditPayablePage = lazy(() => accountsForms().then((m) => ({ default: m.EditPayablePage })))

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
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: page(TaskListPage) },
      { path: 'finished-tasks', element: page(FinishedTasksPage) },
      { path: 'deleted-tasks', element: page(DeletedTasksPage) },
      { path: 'projects', element: page(ActiveProjectsPage) },
      { path: 'projects/archived', element: page(ArchivedProjectsPage) },
      { path: 'projects/add', element: page(AddProjectPage) },
      { path: 'projects/:projectId', element: page(ProjectDetailPage) },
      { path: 'projects/:projectId/edit', element: page(EditProjectPage) },
      { path: 'clients', element: page(ClientsListPage) },
      { path: 'clients/add', element: page(AddClientPage) },
      { path: 'clients/:clientId', element: page(ClientDetailPage) },
      { path: 'clients/:clientId/edit', element: page(EditClientPage) },
      { path: 'accounts/receivables', element: page(ReceivablesPage) },
      { path: 'accounts/receivables/add', element: page(AddReceivablePage) },
      { path: 'accounts/receivables/:id/edit', element: page(EditReceivablePage) },
      { path: 'accounts/payables', element: page(PayablesPage) },
      { path: 'accounts/payables/add', element: page(AddPayablePage) },
      { path: 'accounts/payables/:id/edit', element: page(EditPayablePage) },
      { path: 'admin/approvals', element: page(ApprovalQueuePage) },
      { path: 'admin/approvals/:actionId', element: page(ReviewActionPage) },
      { path: 'admin/settings', element: page(SettingsPage) },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
])
