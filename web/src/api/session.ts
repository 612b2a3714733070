/**
 * The signed-in state: two tokens in localStorage, shared by every tab. Components read it through
 * useSession(); any change (sign-in, refresh, sign-out in another tab) re-renders them.
 */
import type { TokenPair } from '@daftar/domain/auth'
import { useSyncExternalStore } from 'react'

const ACCESS = 'daftar.accessToken'
const REFRESH = 'daftar.refreshToken'
/** Where the tokens are stored: login.html's boot script reads the access token's too. */
export const SESSION_KEYS = { access: ACCESS, refresh: REFRESH } as const

export type Tokens = TokenPair

const listeners = new Set<() => void>()
const emit = () => {
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === ACCESS || event.key === REFRESH || event.key === null) emit()
  })
}

export const session = {
  accessToken: (): string | null => localStorage.getItem(ACCESS),
  refreshToken: (): string | null => localStorage.getItem(REFRESH),
  isAuthenticated: (): boolean => localStorage.getItem(ACCESS) !== null,
  set(tokens: Partial<Tokens>) {
    if (tokens.accessToken) localStorage.setItem(ACCESS, tokens.accessToken)
    if (tokens.refreshToken) localStorage.setItem(REFRESH, tokens.refreshToken)
    emit()
  },
  clear() {
    localStorage.removeItem(ACCESS)
    localStorage.removeItem(REFRESH)
    emit()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(session.subscribe, session.isAuthenticated, () => false)
}
