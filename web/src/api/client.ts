import { authEndpoints, messages as authMessages } from '@daftar/domain/auth'
import { type Endpoint, fillPath, type PathParams, type SuccessCode } from '@daftar/domain/http'
import type { z } from 'zod'
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
  /** The answer is a file: resolves to a Blob (with its `name` from Content-Disposition). */
  file?: boolean
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

/**
 * The session ended for good (its refresh was refused): the app is on its way to /login, which says
 * so once. Forms do not say it again (docs/decisions.md, "One way to build a screen").
 */
export class SessionExpiredError extends ApiError {}

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
      const tokens = await call(authEndpoints.refresh, { body: { refreshToken: current } })
      session.set(tokens)
      return tokens.accessToken
    }
    try {
      return navigator.locks ? await navigator.locks.request('daftar-refresh', run) : await run()
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) throw error
      signOutLocally('expired')
      throw new SessionExpiredError(authMessages.sessionExpired, 401, (error as ApiError).body)
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

type Schema<E extends Endpoint> = E['schema']

/** What a successful call answers: the union of its success bodies; a Blob for file answers. */
export type Answer<E extends Endpoint> = E['file'] extends true
  ? NamedBlob
  : Schema<E>['response'] extends infer R extends Partial<Record<SuccessCode, z.ZodType>>
    ? { [C in keyof R]: R[C] extends z.ZodType ? z.output<R[C]> : never }[keyof R]
    : undefined

type ParamsInput<E extends Endpoint> = Schema<E>['params'] extends z.ZodType
  ? { params: z.input<Schema<E>['params']> }
  : [PathParams<E['path']>] extends [never]
    ? { params?: undefined }
    : { params: Record<PathParams<E['path']>, string> }

type QueryInput<E extends Endpoint> = Schema<E>['querystring'] extends z.ZodType
  ? { query?: Partial<z.input<Schema<E>['querystring']>> }
  : { query?: undefined }

/** Files of a multipart request, by field name; an absent one is left out. */
export type Files = Record<string, Blob | File | null | undefined>

type BodyInput<E extends Endpoint> = Schema<E>['body'] extends z.ZodType
  ? { body: z.input<Schema<E>['body']> }
  : E['multipart'] extends z.ZodType
    ? { fields: z.input<E['multipart']>; files?: Files }
    : { body?: undefined }

/**
 * A key that names one submit of one form: sent as Idempotency-Key, so a double click or a retry after
 * a lost answer makes one request. crypto.randomUUID needs a secure context; getRandomValues does not.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** What a call takes: its path parameters, query, body (or multipart fields and files), and headers. */
export type CallInput<E extends Endpoint> = ParamsInput<E> &
  QueryInput<E> &
  BodyInput<E> & {
    /** The version of the record the edit was made on (`If-Match`; 412 when it changed since). */
    ifMatch?: number
    /** Names one submit of one form: a retried request answers what the first did. */
    idempotencyKey?: string
    signal?: AbortSignal
  }

/** True when nothing in the input is required (a call without parameters or body). */
type Optional<E extends Endpoint> = Record<never, never> extends CallInput<E> ? true : false

/**
 * Calls an endpoint of the contract (domain/): the path, its parameters, the query, the body and the
 * answer are all typed by the endpoint's schemas. A failure throws `ApiError`; an expired access token
 * is refreshed once and the call retried (docs/architecture.md, "Web").
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: Optional<E> extends true ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<Answer<E>> {
  const given = input as LooseInput | undefined
  return api<Answer<E>>(fillPath(endpoint.path, given?.params), {
    method: endpoint.method,
    body: requestBody(endpoint, given),
    query: given?.query,
    headers: requestHeaders(given),
    signal: given?.signal,
    file: endpoint.file,
  })
}

/** A call's input as the transport reads it, whatever the endpoint. */
interface LooseInput {
  params?: Record<string, string>
  query?: RequestOptions['query']
  body?: unknown
  fields?: Record<string, unknown>
  files?: Files
  ifMatch?: number
  idempotencyKey?: string
  signal?: AbortSignal
}

function requestHeaders(input: LooseInput | undefined): Record<string, string> | undefined {
  if (!input?.ifMatch && !input?.idempotencyKey) return undefined
  const headers: Record<string, string> = {}
  if (input.ifMatch) headers['if-match'] = String(input.ifMatch)
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey
  return headers
}

/** A multipart request's fields as the server reads them: text as it is, anything else as JSON. */
function requestBody(endpoint: Endpoint, input: LooseInput | undefined): unknown {
  if (!endpoint.multipart) return input?.body
  const { fields, files } = input ?? {}
  const form = new FormData()
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue
    form.set(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  for (const [name, file] of Object.entries(files ?? {})) if (file) form.set(name, file)
  return form
}

/** The file name a download answer gives in its Content-Disposition, if any. */
export function fileNameOf(response: Response): string | undefined {
  const header = response.headers.get('content-disposition') ?? ''
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1]
  if (encoded) return decodeURIComponent(encoded)
  return /filename="([^"]+)"/i.exec(header)?.[1]
}

/** Sign-in's own calls: a 401 there is the answer (wrong password, expired challenge), not a lost session. */
const signInSteps = ['/auth/login', '/auth/refresh', '/auth/2fa/verify', '/auth/2fa/required-']

/**
 * The transport under `call`: the bearer token, one shared refresh on 401, the spec's fallback texts.
 * @deprecated in features: call an endpoint of the contract with `call` instead.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sentWith = session.accessToken()
  let response = await send(path, options, sentWith)
  if (response.status === 401 && !signInSteps.some((step) => path.startsWith(step))) {
    if (!session.refreshToken()) {
      signOutLocally('expired')
      throw new SessionExpiredError(authMessages.sessionExpired, 401)
    }
    // A call refused with a token that a refresh has replaced since it was sent retries with the new
    // one: a refresh that finished before this 401 arrived is not started a second time.
    const current = session.accessToken()
    const token = current && current !== sentWith ? current : await refreshAccessToken()
    response = await send(path, options, token)
  }
  if (!response.ok) throw await toError(response)
  if (response.status === 204) return undefined as T
  if (options.file)
    return namedBlob(await response.blob(), fileNameOf(response), response.headers.get('x-export-empty')) as T
  return (await response.json()) as T
}

/** A downloaded file: the Blob, with the name the server gave it; `empty` when an export has no rows. */
export type NamedBlob = Blob & { fileName?: string; empty?: boolean }

function namedBlob(blob: Blob, fileName: string | undefined, emptyExport: string | null): NamedBlob {
  return Object.assign(blob, { fileName, empty: emptyExport === 'true' })
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
