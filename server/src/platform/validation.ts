import type { z } from 'zod'
import { badRequest } from './errors.ts'

/** 'invoice_no' → 'Invoice no', the field's name as a sentence's subject. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined
  if (!last) return 'This value'
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words[0]!.toUpperCase() + words.slice(1)
}

/**
 * The first problem of a failed parse, as the 400 message: the schema's own text where it has one.
 * A string over its maximum says so ('Title must be at most 200 characters.') where the schema's
 * general error (its 'is required') would otherwise answer for the length check too.
 */
export function validationMessage(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0]
  if (
    issue?.code === 'too_big' &&
    issue.origin === 'string' &&
    /required|^Invalid input|^Too big/i.test(issue.message)
  )
    return `${fieldLabel(issue.path)} must be at most ${issue.maximum} characters.`
  return issue?.message && !issue.message.startsWith('Invalid input')
    ? issue.message
    : `Invalid ${issue?.path.join('.') || 'input'}.`
}

/** Parses input with a domain schema (multipart fields, which route schemas cannot declare). */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {})
  if (result.success) return result.data
  throw badRequest(validationMessage(result.error.issues))
}

/**
 * The `Idempotency-Key` of a request, or undefined: a repeated request with the same key answers with
 * what the first one did instead of doing it twice.
 */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim()
  if (!value) return undefined
  if (value.length > 200 || !/^[\x21-\x7e]+$/.test(value)) throw badRequest('Invalid Idempotency-Key header.')
  return value
}

/** The `If-Match` version of an edit, or undefined when the client did not send one. */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  const n = Number(value.replace(/^W\//, '').replace(/"/g, ''))
  if (!Number.isInteger(n) || n < 1) throw badRequest('Invalid If-Match header.')
  return n
}
