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
