import type { FastifyReply, FastifyRequest } from 'fastify'
import { badRequest } from './errors.ts'

/**
 * NUL and the other C0 control characters (tab, line feed and carriage return excepted) and DEL.
 * PostgreSQL refuses NUL in text, and no field of the app has a use for the others.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export const controlCharactersMessage = 'Text must not contain control characters.'

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value)
}

/** True when any string (or key) inside `value` carries a control character. */
export function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value)
  if (!value || typeof value !== 'object' || depth > 32) return false
  if (Array.isArray(value)) return value.some((v) => containsControlCharacters(v, depth + 1))
  if (Buffer.isBuffer(value)) return false
  return Object.entries(value).some(([k, v]) => CONTROL.test(k) || containsControlCharacters(v, depth + 1))
}

/**
 * A `preValidation` hook for every route, signed in or not: a body, query or path carrying a control
 * character answers 400 before any handler or the database sees it (docs/security.md, validation).
 */
export async function refuseControlCharacters(request: FastifyRequest, _reply: FastifyReply) {
  if (
    containsControlCharacters(request.params) ||
    containsControlCharacters(request.query) ||
    containsControlCharacters(request.body)
  )
    throw badRequest(controlCharactersMessage)
}
