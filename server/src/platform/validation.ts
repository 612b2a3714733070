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
  const general = issue && zodsOwnWords(issue)
  if (general) return general
  return issue?.message && !issue.message.startsWith('Invalid input')
    ? issue.message
    : `Invalid ${issue?.path.join('.') || 'input'}.`
}

/** Zod's own words for a bound or a choice ('Too small: expected number to be >=1'), which name no field. */
const ZOD_DEFAULT = /^(Too small|Too big|Invalid option)\b/

/** A number out of its bounds or a value not among the choices, worded with the field it is about. */
function zodsOwnWords(issue: z.core.$ZodIssue): string | null {
  if (!ZOD_DEFAULT.test(issue.message)) return null
  const field = fieldLabel(issue.path)
  if (issue.code === 'too_small' && issue.origin === 'number')
    return `${field} must be at least ${issue.minimum}.`
  if (issue.code === 'too_big' && issue.origin === 'number')
    return `${field} must be at most ${issue.maximum}.`
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1
      ? `${field} is required.`
      : `${field} must be at least ${issue.minimum} characters.`
  if (issue.code === 'invalid_value')
    return `${field} must be one of: ${issue.values.map((v) => String(v)).join(', ')}.`
  return `${field}: ${issue.message}`
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
