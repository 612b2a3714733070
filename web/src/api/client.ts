import { session } from './session.ts'

export const transportMessages = {
  noResponse: 'No response received from server.',
  requestFailed: 'An error occurred during the request.',
  noRefreshToken: 'No refresh token available.',
} as const

/** A failed call: `message` is the server's `error` text when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown
  query?: Record<string, string | number | boolean | null | undefined>
  headers?: Record<string, string>
  signal?: AbortSignal
}

const BASE = '/api'

/** Called once the session is gone for good (refresh failed): clears cached data. */
let onSignedOut: () => void = () => {}
export function setSignedOutHandler(handler: () => void) {
  onSignedOut = handler
}

/** Called when a signed-in session expires (its refresh is refused), before it is cleared. */
let onExpired: () => void = () => {}
export function setSessionExpiredHandler(handler: () => void) {
  onExpired = handler
}

export function signOutLocally(reason?: 'expired') {
  if (reason === 'expired' && session.isAuthenticated()) onExpired()
  session.clear()
  onSignedOut()
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const qs = params.toString()
  return `${BASE}${path}${qs ? `?${qs}` : ''}`
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (token) headers.authorization = `Bearer ${token}`
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(transportMessages.noResponse, 0)
  }
}

async function toError(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => undefined)
  const message = typeof body?.error === 'string' ? body.error : transportMessages.requestFailed
  return new ApiError(message, response.status, body)
}

let refreshing: Promise<string> | null = null

/**
 * One refresh at a time, in this tab and across tabs (Web Locks): every 401 waits for the same refresh
 * and retries with its token. A tab that finds the token already rotated by another tab just uses it.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const staleRefresh = session.refreshToken()
    const run = async () => {
      const current = session.refreshToken()
      if (!current) throw new ApiError(transportMessages.noRefreshToken, 401)
      if (current !== staleRefresh && session.accessToken()) return session.accessToken()!
      const response = await send(
        '/auth/refresh-token',
        { method: 'POST', body: { refreshToken: current } },
        null,
      )
      if (!response.ok) throw await toError(response)
      const tokens = (await response.json()) as { accessToken: string; refreshToken?: string }
      session.set(tokens)
      return tokens.accessToken
    }
    try {
      return navigator.locks ? await navigator.locks.request('daftar-refresh', run) : await run()
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) signOutLocally('expired')
      throw error
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

/** Every API call goes through here. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options, session.accessToken())
  if (response.status === 401 && !path.startsWith('/auth/login') && !path.startsWith('/auth/refresh')) {
    if (!session.refreshToken()) {
      signOutLocally('expired')
      throw new ApiError(transportMessages.noRefreshToken, 401)
    }
    const token = await refreshAccessToken()
    response = await send(path, options, token)
  }
  if (!response.ok) throw await toError(response)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/**
 * What a failed call says: the server's `error` text when it sent one; 'No response received from
 * server.' when nothing answered; else the spec's own default for that call (`fallback`).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.status === 0) return transportMessages.noResponse
  return serverError(error) ?? fallback
}

/** The server's own `error` text, when the server answered with one. */
export function serverError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const body = error.body as { error?: unknown } | undefined
  return typeof body?.error === 'string' ? body.error : undefined
}

/**
 * The spec's three-way rule: the server's error text; else `failed` when the server answered without
 * one; else `unexpected` when there was no usable answer at all.
 */
export function describeFailure(error: unknown, failed: string, unexpected: string): string {
  const text = serverError(error)
  if (text) return text
  return error instanceof ApiError && error.status > 0 ? failed : unexpected
}
