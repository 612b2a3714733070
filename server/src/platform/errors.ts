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
