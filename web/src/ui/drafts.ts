/**
 * Drafts that survive an expired session (docs/architecture.md, "Web"): each open form with unsaved input
 * registers a getter; when the session expires, every registered draft is written to session storage
 * under its form's key, with the page to return to, before the app goes to /login. The form reads its
 * draft back once, when it opens again after signing in.
 */
import { messages as authMessages } from '@daftar/domain/auth'
import { useEffect, useRef, useState } from 'react'
import { session } from '../api/session.ts'

const PREFIX = 'daftar.draft:'
const RETURN_TO = 'daftar.returnTo'
const EXPIRED = 'daftar.sessionExpired'
/** The user whose drafts and page to return to these are. */
const OWNER = 'daftar.draftOwner'
/** The mark of a session that has just expired; login.html's boot script reads it too. */
export const SESSION_EXPIRED_KEY = EXPIRED

/** One wording wherever an expired session is told (the server's own). */
export const SESSION_EXPIRED_MESSAGE = authMessages.sessionExpired

const providers = new Map<string, () => unknown>()

/** The user an access token names (its subject), read without checking it: only to tell people apart. */
function tokenSubject(token: string | null): string | null {
  try {
    const payload = token?.split('.')[1]
    if (!payload) return null
    const sub = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).sub
    return typeof sub === 'string' ? sub : null
  } catch {
    return null
  }
}

function markOwner() {
  const owner = tokenSubject(session.accessToken())
  if (owner) sessionStorage.setItem(OWNER, owner)
  else sessionStorage.removeItem(OWNER)
}

/**
 * After a sign-in: drafts and the page to return to are kept for the person who wrote them only. On a
 * shared computer someone else may sign in on the tab where a session expired, and a draft holds what
 * its writer typed (an invoice, a comment, an employee's numbers): they start clean instead.
 */
export function forgetDraftsOfOthers() {
  const owner = sessionStorage.getItem(OWNER)
  if (owner !== null && owner === tokenSubject(session.accessToken())) return
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key)
  sessionStorage.removeItem(RETURN_TO)
  sessionStorage.removeItem(OWNER)
}

/** Called by the API client just before an expired session is cleared. */
export function keepDraftsForExpiredSession() {
  markOwner()
  for (const [key, read] of providers) {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(read()))
    } catch {
      // A draft that cannot be stored (quota, a File) is lost as before; signing out goes on.
    }
  }
  sessionStorage.setItem(RETURN_TO, window.location.pathname + window.location.search)
  sessionStorage.setItem(EXPIRED, '1')
}

/**
 * Keeps one form's draft now: a form already closed when its call failed (Mark as Complete closes at
 * once), restored by `useRestoredDraft` when it opens again.
 */
export function keepDraft(key: string, value: unknown) {
  markOwner()
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Not stored (quota): lost as before.
  }
}

export function forgetReturnTo() {
  sessionStorage.removeItem(RETURN_TO)
}

export function hasDraft(key: string): boolean {
  return sessionStorage.getItem(PREFIX + key) !== null
}

/** The keys of the drafts kept under `prefix`: a form that names its record in its key. */
export function keptDraftKeys(prefix: string): string[] {
  return Object.keys(sessionStorage)
    .filter((key) => key.startsWith(PREFIX + prefix))
    .map((key) => key.slice(PREFIX.length))
}

/** Drops a kept draft its form will not open again (the record no longer takes it). */
export function forgetDraft(key: string) {
  sessionStorage.removeItem(PREFIX + key)
}

/**
 * The login page: whether to say the session expired. Read during render, and forgotten by
 * `forgetSessionExpired` once the user has signed in again, so that a reload of /login still says it.
 */
export function sessionExpired(): boolean {
  return sessionStorage.getItem(EXPIRED) !== null
}

export function forgetSessionExpired() {
  sessionStorage.removeItem(EXPIRED)
}

/** Where to go after signing in again (a path of this app); `forgetReturnTo` once followed. */
export function returnTo(): string | null {
  const to = sessionStorage.getItem(RETURN_TO)
  return to?.startsWith('/') && !to.startsWith('//') && !to.startsWith('/login') ? to : null
}

/** The draft kept for this form from an expired session, if any (read once, then forgotten). */
export function useRestoredDraft<T>(key: string): T | undefined {
  const [restored] = useState<T | undefined>(() => {
    const raw = sessionStorage.getItem(PREFIX + key)
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as T
    } catch {
      return undefined
    }
  })
  // Forgotten once read (in an effect: a render may run twice).
  useEffect(() => sessionStorage.removeItem(PREFIX + key), [key])
  return restored
}

/** Offers `value` as the form's draft while `active` (the form holds unsaved input). */
export function useKeepDraft(key: string, value: unknown, active: boolean) {
  const latest = useRef(value)
  latest.current = value
  useEffect(() => {
    if (!active) return
    providers.set(key, () => latest.current)
    return () => {
      providers.delete(key)
    }
  }, [key, active])
}
