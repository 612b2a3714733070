/**
 * Index checks on real endpoints: the SQL an endpoint sends through the pool is recorded, then
 * EXPLAINed with its own parameters, so the checks follow the code rather than a copy of its queries.
 */
import { expect } from 'vitest'
import type { client, TestServer } from './helpers.ts'

export interface CapturedQuery {
  text: string
  values: unknown[]
  /** A named (prepared) statement's name (platform/built-once.ts). */
  name?: string
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)]

type Api = ReturnType<typeof client>
type Method = 'GET' | 'PUT'

/**
 * Spies on the server's pool (drizzle calls `pool.query(config, values)`) and returns
 * `expectIndexed`: call an endpoint and check that no query of it reads one of `tables`
 * sequentially. It returns the body, the indexes used whose name starts with `indexPrefix`, and how
 * each was read (`Index Only Scan task_members_list_idx`, …).
 */
export function planChecker(server: TestServer, tables: string[], indexPrefix: string) {
  const pool = server.deps.database.pool
  let captured: CapturedQuery[] | null = null
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  ;(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [config, values] = args as [
      string | { text: string; values?: unknown[]; name?: string },
      unknown[] | undefined,
    ]
    if (captured) {
      const text = typeof config === 'string' ? config : config.text
      const name = typeof config === 'string' ? undefined : config.name
      captured.push({
        text,
        name,
        values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])),
      })
    }
    return original(...args)
  }
  const reads = (text: string) => tables.some((t) => new RegExp(`(from|update|join) "${t}"`).test(text))

  async function plan(q: CapturedQuery): Promise<PlanNode[]> {
    const { rows } = await pool.query(`explain (format json) ${q.text}`, q.values)
    const raw = rows[0]['QUERY PLAN']
    return nodes((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode)
  }

  return async function expectIndexed(api: Api, url: string, method: Method = 'GET') {
    captured = []
    const res = method === 'GET' ? await api.get(url) : await api.put(url)
    const queries = captured.filter((q) => reads(q.text))
    captured = null
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(queries.length).toBeGreaterThan(0)
    const used = new Set<string>()
    const scans = new Set<string>()
    for (const q of queries) {
      const all = await plan(q)
      const seq = all.filter(
        (n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''),
      )
      expect(
        seq,
        `${url}\n${q.text}\n${JSON.stringify(all.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]))}`,
      ).toEqual([])
      for (const n of all) {
        if (!n['Index Name']?.startsWith(indexPrefix)) continue
        used.add(n['Index Name'])
        scans.add(`${n['Node Type']} ${n['Index Name']}`)
      }
    }
    const json = String(res.headers['content-type']).includes('json')
    return {
      body: json ? res.json() : res.body,
      used: [...used].sort(),
      scans: [...scans].sort(),
      queries,
    }
  }
}

/**
 * The named statements of `queries` whose plan PostgreSQL makes anew at every execution: each is
 * prepared on one connection and run as often as it takes PostgreSQL to choose between the plans made
 * with its values and a generic one (five times, then one more); the statement keeps the generic plan
 * only when its estimate is no worse (docs/decisions.md, "Generic plans").
 */
export async function replannedEachTime(server: TestServer, queries: CapturedQuery[]): Promise<string[]> {
  const connection = await server.deps.database.pool.connect()
  const replanned: string[] = []
  try {
    for (const [i, q] of queries.filter((query) => query.name).entries()) {
      const name = `generic_check_${i}`
      for (let run = 0; run < 7; run++) await connection.query({ name, text: q.text, values: q.values })
      const { rows } = await connection.query<{ generic: number }>(
        'select generic_plans::int as generic from pg_prepared_statements where name = $1',
        [name],
      )
      if (!rows[0]?.generic) replanned.push(q.text)
      await connection.query(`deallocate ${name}`)
    }
  } finally {
    connection.release()
  }
  return replanned
}
