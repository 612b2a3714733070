import type { FastifyReply, FastifyRequest } from 'fastify'
import { badRequest } from './errors.ts'

/**
 * NUL and the other C0 control characters (tab, line feed and carriage return excepted), DEL, the C1
 * controls (U+0080–U+009F) and the two bidirectional overrides (U+202D, U+202E), which reorder the
 * characters after them: 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf'. PostgreSQL refuses NUL in
 * text, and no field of the app has a use for the others. Embeddings and isolates, which text copied
 * from right-to-left scripts may carry, are kept.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202D\u202E]/

/** Half of a UTF-16 pair: with the `u` flag a whole pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/u

export const controlCharactersMessage = 'Text must not contain control characters.'
export const malformedTextMessage = 'Text must be valid Unicode.'

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value)
}

/** What is wrong with a string: a control character, half of a UTF-16 pair (which PostgreSQL refuses), or nothing. */
function fault(text: string): string | null {
  if (CONTROL.test(text)) return controlCharactersMessage
  if (LONE_SURROGATE.test(text)) return malformedTextMessage
  return null
}

/** The first fault of any string (or key) inside `value`, or null. */
export function textFault(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return fault(value)
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null
  const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value)
  for (const [key, inner] of entries) {
    const found = fault(key) ?? textFault(inner, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * A `preValidation` hook for every route, signed in or not: a body, query or path carrying a control
 * character or a lone UTF-16 surrogate answers 400 before any handler or the database sees it
 * (docs/security.md, validation).
 */
export async function refuseControlCharacters(request: FastifyRequest, _reply: FastifyReply) {
  const found = textFault(request.params) ?? textFault(request.query) ?? textFault(request.body)
  if (found) throw badRequest(found)
}
