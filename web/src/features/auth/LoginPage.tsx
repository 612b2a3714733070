import { IconChecks, IconFolders, IconShieldLock } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { LoginForm } from './LoginForm.tsx'
import classes from './LoginPage.module.css'

// Loaded on demand: most visits never need the reset flow or its validation code.
const ForgotPasswordFlow = lazy(() => import('./ForgotPasswordFlow.tsx'))

/** `prerendered`: the build's HTML copy of the page (login-prerender.tsx). */
export default function LoginPage({ prerendered = false }: { prerendered?: boolean }) {
  const [mode, setMode] = useState<'login' | 'forgot'>('login')
  return (
    <div className={classes.page}>
      <section className={classes.brand} aria-label="About Daftar">
        <div className={classes.logo}>
          <span className={classes.logoMark} aria-hidden>
            D
          </span>
          Daftar
        </div>
        <div>
          <h1 className={classes.headline}>Your office, organised in one secure place.</h1>
          <p className={classes.lead}>
            Daftar keeps your team's tasks, projects, clients, suppliers, employees, documents, reports and
            accounts together, and controls exactly who sees what.
          </p>
          <ul className={classes.points}>
            <li>
              <IconChecks size={20} aria-hidden /> Assign, follow up and approve work with a clear trail.
            </li>
            <li>
              <IconFolders size={20} aria-hidden /> Registers, documents and billing for every record.
            </li>
            <li>
              <IconShieldLock size={20} aria-hidden /> Access lists and admin approval keep data in the right
              hands.
            </li>
          </ul>
        </div>
        <div className={classes.footnote}>© 2025 Daftar. All rights reserved.</div>
      </section>
      <main className={classes.formSide}>
        <div className={classes.card}>
          {mode === 'login' ? (
            <LoginForm onForgot={() => setMode('forgot')} prerendered={prerendered} />
          ) : (
            <Suspense fallback={null}>
              <ForgotPasswordFlow onBackToLogin={() => setMode('login')} />
            </Suspense>
          )}
        </div>
      </main>
    </div>
  )
}
