import { IconChecks, IconFolders, IconShieldLock } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { LoginForm } from './LoginForm.tsx'
import classes from './LoginPage.module.css'

// Loaded on demand: most visits never need the reset flow, the second step or their validation code.
const ForgotPasswordFlow = lazy(() => import('./ForgotPasswordFlow.tsx'))
const secondStep = () => import('./TwoFactorSignIn.tsx')
const CodeStep = lazy(() => secondStep().then((m) => ({ default: m.CodeStep })))
const RequiredSetupStep = lazy(() => secondStep().then((m) => ({ default: m.RequiredSetupStep })))

type Mode = { step: 'login' } | { step: 'forgot' } | { step: 'code' | 'setup'; challengeToken: string }

/** `prerendered`: the build's HTML copy of the page (login-prerender.tsx). */
export default function LoginPage({ prerendered = false }: { prerendered?: boolean }) {
  const [mode, setMode] = useState<Mode>({ step: 'login' })
  const back = () => setMode({ step: 'login' })
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
          {mode.step === 'login' ? (
            <LoginForm
              onForgot={() => setMode({ step: 'forgot' })}
              onChallenge={(step, challengeToken) => setMode({ step, challengeToken })}
              prerendered={prerendered}
            />
          ) : (
            <Suspense fallback={null}>
              {mode.step === 'forgot' && <ForgotPasswordFlow onBackToLogin={back} />}
              {mode.step === 'code' && <CodeStep challengeToken={mode.challengeToken} onBack={back} />}
              {mode.step === 'setup' && (
                <RequiredSetupStep challengeToken={mode.challengeToken} onBack={back} />
              )}
            </Suspense>
          )}
        </div>
      </main>
    </div>
  )
}
