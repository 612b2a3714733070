import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { PageLoader, RedirectIfAuthenticated, RequireAuth } from './guards.tsx'

// Every screen is its own chunk: the login page loads nothing of the signed-in app.
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'))
const AppLayout = lazy(() => import('./shell/AppLayout.tsx'))
const HomePage = lazy(() => import('../features/home/HomePage.tsx'))
const SettingsPage = lazy(() => import('../features/admin/SettingsPage.tsx'))

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
      { index: true, element: page(HomePage) },
      { path: 'admin/settings', element: page(SettingsPage) },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
])
