import { passkeyEndpoints } from '@daftar/domain/passkeys'
import { sessionEndpoints, twoFactorEndpoints } from '@daftar/domain/security'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

/** The Security tab's reads: the second factor's state, the signed-in devices, the last sign-ins. */
export const securityKeys = {
  all: ['security'] as const,
}

export const twoFactorStatusQuery = queryOptions({
  queryKey: [...securityKeys.all, 'two-factor'],
  queryFn: ({ signal }) => call(twoFactorEndpoints.status, { signal }),
})

export const sessionsQuery = queryOptions({
  queryKey: [...securityKeys.all, 'sessions'],
  queryFn: ({ signal }) => call(sessionEndpoints.list, { signal }),
})

export const signInsQuery = queryOptions({
  queryKey: [...securityKeys.all, 'sign-ins'],
  queryFn: ({ signal }) => call(sessionEndpoints.signIns, { signal }),
})

export const passkeysQuery = queryOptions({
  queryKey: [...securityKeys.all, 'passkeys'],
  queryFn: ({ signal }) => call(passkeyEndpoints.list, { signal }),
})
