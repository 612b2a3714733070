/**
 * The authorisation matrix (sweep 1): every route the server registers, read from Fastify
 * itself, must have a declaration in one of the `*.authz.ts` files beside this one, with the outcome
 * for each role: admin, accountant, staff with WRITE, staff with READ, staff without access, signed
 * out, and an admin of another organisation using this organisation's ids. A new route without a
 * declaration fails the first test; adding an area means adding one file here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers.ts'
import {
  buildFixtures,
  type Fixtures,
  type Outcome,
  outcomes,
  type Role,
  type RouteRule,
} from './fixtures.ts'

const dir = path.dirname(fileURLToPath(import.meta.url))
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.authz.ts'))
const rules: RouteRule[] = []
for (const file of files)
  rules.push(...((await import(path.join(dir, file))) as { rules: RouteRule[] }).rules)

let server: TestServer
let fx: Fixtures

beforeAll(async () => {
  server = await startTestServer()
  fx = await buildFixtures(server)
}, 120_000)
afterAll(() => server.close())

/** Denied roles first, so that an allowed change cannot hide what a denied one would have seen. */
const order: Role[] = ['foreign', 'anon', 'none', 'read', 'write', 'accountant', 'admin']

function judge(outcome: Outcome, method: string, status: number): boolean {
  if (status >= 500) return false
  switch (outcome) {
    case 'ok':
      return method === 'GET' ? status >= 200 && status < 300 : ![401, 403, 404].includes(status)
    case 'no':
      return status >= 400
    case 'hidden':
      return status === 404
    case 'forbidden':
      return status === 403
    case 'unauth':
      return status === 401
  }
}

describe('authorisation matrix', () => {
  it('declares every route the server registers, once', () => {
    const registered = server.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => r.includes(' /api/'))
    const declared = rules.map((r) => r.route)
    expect(registered.filter((r) => !declared.includes(r))).toEqual([])
    expect(declared.filter((r) => !registered.includes(r))).toEqual([])
    const named = rules.map(title)
    expect(named.length).toBe(new Set(named).size)
    // A variant sits beside its route's own declaration.
    const plain = rules.filter((r) => !r.variant).map((r) => r.route)
    expect(rules.filter((r) => r.variant && !plain.includes(r.route)).map(title)).toEqual([])
  })

  for (const rule of rules) it(title(rule), () => check(rule, outcomes(rule)))
})

// Accounts under the organisation's other 'Who can open Accounts' setting: admins and accountants only.
describe('authorisation matrix, Accounts open to admins and accountants only', () => {
  beforeAll(() => setAccountsAccess('ADMINS_AND_ACCOUNTANTS'))
  afterAll(() => setAccountsAccess('EVERYONE'))
  for (const rule of rules.filter((r) => r.restricted))
    it(title(rule), () => check(rule, outcomes({ ...rule, expect: rule.restricted! })))
})

/** A declaration's name: its route, with its variant if it has one. */
function title(rule: RouteRule) {
  return rule.variant ? `${rule.route} (${rule.variant})` : rule.route
}

async function setAccountsAccess(access: 'EVERYONE' | 'ADMINS_AND_ACCOUNTANTS') {
  const res = await server.app.inject({
    method: 'PUT',
    url: '/api/admin/organisation',
    headers: { authorization: `Bearer ${fx.org.admin.token}` },
    payload: { name: 'Matrix Org', accounts_access: access },
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function check(rule: RouteRule, expected: Record<Role, Outcome>) {
  const [method] = rule.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE']
  const seen: string[] = []
  for (const role of order) {
    const person = role === 'anon' ? undefined : fx.people[role]
    // Logging out must not end the session the rest of the matrix uses.
    const token =
      person && rule.route === 'POST /api/auth/logout' ? await fx.spareToken(person) : person?.token
    const body = typeof rule.body === 'function' ? rule.body(fx) : rule.body
    const res = await server.app.inject({
      method,
      url: await rule.path(fx),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'GET' || method === 'DELETE'
        ? body === undefined
          ? {}
          : { payload: body as object }
        : { payload: (body ?? {}) as object }),
    })
    if (!judge(expected[role], method, res.statusCode))
      seen.push(`${role}: expected ${expected[role]}, got ${res.statusCode} ${res.body.slice(0, 120)}`)
  }
  expect(seen).toEqual([])
}
