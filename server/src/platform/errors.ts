import type { FastifyError } from 'fastify'

/** An error whose message is meant for the user; anything else is answered with a generic 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new AppError(400, message)
export const unauthorized = (message = 'Authentication required.') => new AppError(401, message)
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message)
export const notFound = (message = 'Not found.') => new AppError(404, message)
export const conflict = (message: string) => new AppError(409, message)
export const preconditionFailed = (
  message = 'This record was changed by someone else meanwhile. Reload it and try again.',
) => new AppError(412, message)
export const tooLarge = (message: string) => new AppError(413, message)
export const unprocessable = (message: string) => new AppError(422, message)
export const tooManyRequests = (message = 'Too many attempts. Please wait a few minutes and try again.') =>
  new AppError(429, message)

/** Postgres unique_violation, so that a race on a unique key answers 409 rather than 500. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error)
  return e?.code === '23505' && (!constraint || e.constraint === constraint)
}

export function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: string; cause?: unknown }
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string }
    current = e.cause
  }
  return undefined
}

/**
 * Data exceptions PostgreSQL raises for a value the validation let through (SQLSTATE class 22): they
 * are the caller's input, so they answer 400 with a clear message rather than 500. 22P02 (a malformed
 * id) is not here: it names no record and answers 404.
 */
export function invalidValueMessage(code: string): string | undefined {
  switch (code) {
    case '22P05': // untranslatable_character
    case '22021': // character_not_in_repertoire (NUL in text)
      return 'Text must not contain control characters.'
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow (2026-02-30)
      return 'Dates must be real calendar dates, written YYYY-MM-DD.'
    case '22001': // string_data_right_truncation
      return 'A value is too long.'
    case '22003': // numeric_value_out_of_range
      return 'A number is out of range.'
    default:
      return undefined
  }
}

/**
 * True when an error only says that the client went away (closed the tab, lost the network) while its
 * request was being read: the request was aborted, or its stream was reset or closed early.
 */
export function isClientDisconnect(error: unknown, request?: { aborted?: boolean; destroyed?: boolean }) {
  if (request?.aborted) return true
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    const code = typeof current.code === 'string' ? current.code : ''
    if (['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(code)) return true
    if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' && request?.destroyed) return true
    if (
      typeof current.message === 'string' &&
      /^(aborted|Request aborted|premature close)$/i.test(current.message)
    )
      return true
    current = current.cause as typeof current
  }
  return false
}

export interface HttpError {
  status: number
  message: string
  /** The client went away: a note in the log, not a server fault. */
  disconnected?: boolean
}

const DATABASE_UNAVAILABLE = 'The database is briefly unavailable. Please try again.'

/**
 * What an error answers. Order matters: a client whose request stream is gone went away; otherwise a
 * lost database connection (whose socket error looks like a client's reset) is the server's fault and
 * answers 503, logged as an error; only then is a reset read as the client going away.
 */
export function httpErrorOf(
  error: FastifyError,
  request?: { aborted?: boolean; destroyed?: boolean },
): HttpError {
  const clientGone = request?.aborted || request?.destroyed
  if (clientGone && isClientDisconnect(error, request))
    return { status: 400, message: interrupted, disconnected: true }
  if (isConnectionLoss(error) || findPgError(error)?.code === '57P01')
    return { status: 503, message: DATABASE_UNAVAILABLE }
  if (isClientDisconnect(error, request)) return { status: 400, message: interrupted, disconnected: true }
  return toHttpError(error)
}

const interrupted = 'The request was interrupted.'

function toHttpError(error: FastifyError): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message }
  const pg = findPgError(error)
  if (pg?.code === '22P02') return { status: 404, message: 'Not found.' } // a malformed id names nothing
  if (pg?.code === '23505') return { status: 409, message: 'This record already exists.' }
  const invalidValue = pg?.code ? invalidValueMessage(pg.code) : undefined
  if (invalidValue) return { status: 400, message: invalidValue }
  if (pg?.code === '57014') return { status: 503, message: 'The request took too long. Please try again.' }
  // A file gone between finding and reading it (a new build replaced the web app's): nothing to send.
  if (error.code === 'ENOENT') return { status: 404, message: 'Not found.' }
  const status = error.statusCode ?? 500
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
    return { status: 413, message: 'The upload is too large.' }
  if (status >= 400 && status < 500) {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return { status, message: 'Unsupported content type.' }
    if (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError)
      return { status: 400, message: 'The request body is not valid.' }
    return { status, message: error.message }
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' }
}

/** The database went away: the error or any cause it wraps (drizzle wraps the driver's) says so. */
function isConnectionLoss(error: Error): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { message?: unknown; code?: unknown; cause?: unknown }
    const text = `${String(e.message)} ${String(e.code)}`
    if (
      /Connection terminated|ECONNREFUSED|ECONNRESET|ENOENT.*PGSQL|Client has encountered a connection error|timeout exceeded when trying to connect/.test(
        text,
      )
    )
      return true
    current = e.cause
  }
  return false
}
