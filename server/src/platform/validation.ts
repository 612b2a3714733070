import type { z } from 'zod'
import { badRequest } from './errors.ts'

/** Parses input with a domain schema; the first problem becomes the 400 message. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const message =
    issue?.message && !issue.message.startsWith('Invalid input')
      ? issue.message
      : `Invalid ${issue?.path.join('.') || 'input'}.`
  throw badRequest(message)
}

/** The `If-Match` version of an edit, or undefined when the client did not send one. */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  const n = Number(value.replace(/^W\//, '').replace(/"/g, ''))
  if (!Number.isInteger(n) || n < 1) throw badRequest('Invalid If-Match header.')
  return n
}
