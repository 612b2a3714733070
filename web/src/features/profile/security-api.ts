import { passkeyEndpoints } from '@daftar/domain/passkeys'
import { sessionEndpoints, twoFactorEndpoints } from '@daftar/domain/security'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

/** The Security tab's reads: the second factor's state, the signed-in devices, the last sign-ins. */
export const securityKeys = {
  all: ['security'] as const,
}

/** One read of the tab, kept under its key, so that any change made there fetches them all again. */
const securityRead = <T>(name: string, read: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey: [...securityKeys.all, name], queryFn: ({ signal }) => read(signal) })

export const twoFactorStatusQuery = securityRead('two-factor', (signal) =>
  call(twoFactorEndpoints.status, { signal }),
)
export const sessionsQuery = securityRead('sessions', (signal) => call(sessionEndpoints.list, { signal }))
export const signInsQuery = securityRead('sign-ins', (signal) => call(sessionEndpoints.signIns, { signal }))
export const passkeysQuery = securityRead('passkeys', (signal) => call(passkeyEndpoints.list, { signal }))
