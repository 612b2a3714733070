import {
  canOpenAccounts,
  SEARCH_MIN_CHARS,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
  type SearchType,
} from '@daftar/domain'
import { and, fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import { PgDialect, type PgSelectQueryBuilder, QueryBuilder } from 'drizzle-orm/pg-core'
import { callerPlaceholders } from '../../platform/built-once.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { likePattern } from '../../platform/listing.ts'
import { accountsAccessOf } from '../organisations/service.ts'
import { type Caller, type Field, type Source, type SourceRow, sources, type Terms } from './sources.ts'

/** How well a field matched, best first; a row's rank is its best field's. */
const TIER = { exact: 0, prefix: 1, contains: 2, similar: 3 } as const
/** `best` packs the tier and the field: tier * FIELDS + the field's index. */
const FIELDS = 100

/**
 * GET /search: the records of every asked type the caller may read whose fields hold the words, in one
 * statement (an arm a type); ranked exact > starts with > contains > similar spelling, then the most
 * recent (docs/decisions.md, "Search").
 */
export async function search(deps: Deps, ctx: RequestContext, query: SearchQuery): Promise<SearchResponse> {
  const q = query.q.trim()
  if (q.length < SEARCH_MIN_CHARS) return { results: [] }
  const types = await readableTypes(deps, ctx, query.types)
  const lower = q.toLowerCase()
  const terms: Terms = { q, lower, prefix: likePattern(lower).slice(1), contains: likePattern(q) }
  const found = await searchAll(deps, ctx, types, terms, query.limit)
  const ranked = found
    .sort(
      (a, b) =>
        tierOf(a) - tierOf(b) || timeOf(b) - timeOf(a) || types.indexOf(a.type) - types.indexOf(b.type),
    )
    .slice(0, query.limit)
  return { results: ranked.map((row) => present(sources[row.type], row)) }
}

/**
 * The asked types the caller may read at all: receivables and payables only for whoever may open
 * Accounts (the organisation's 'Who can open Accounts', as accounts/kinds.ts `requireAccounts` and the
 * home page decide it). Every other type is narrowed record by record in its statement.
 */
async function readableTypes(deps: Deps, ctx: RequestContext, asked: SearchType[]): Promise<SearchType[]> {
  const wantsAccounts = asked.includes('receivable') || asked.includes('payable')
  if (!wantsAccounts) return asked
  const me = { isadmin: ctx.isAdmin, is_accountant: ctx.isAccountant }
  const mayOpen =
    me.isadmin || me.is_accountant || canOpenAccounts(me, await accountsAccessOf(deps.db, ctx.orgId))
  return mayOpen ? asked : asked.filter((t) => t !== 'receivable' && t !== 'payable')
}

/** The match of one field: the WHERE that finds it (through its index) and its tier. */
function matchOf(field: Field, t: Terms): { where: SQL; tier: SQL } {
  if (field.match) return field.match(t)
  const e = field.expr
  const where = field.fuzzy
    ? sql`(${e} ilike ${t.contains} or ${t.q} <% ${e})`
    : sql`${e} ilike ${t.contains}`
  if (field.containsOnly)
    return { where, tier: sql`case when ${e} ilike ${t.contains} then ${sql.raw(String(TIER.contains))} end` }
  const tier = sql`case when lower(${e}) = ${t.lower} then ${sql.raw(String(TIER.exact))}
    when lower(${e}) like ${t.prefix} then ${sql.raw(String(TIER.prefix))}
    when ${e} ilike ${t.contains} then ${sql.raw(String(TIER.contains))}
    ${field.fuzzy ? sql`when ${t.q} <% ${e} then ${sql.raw(String(TIER.similar))}` : sql``} end`
  return { where, tier }
}

/**
 * Every type's best rows in one statement: each type's own query (its index-led match, its scope, its
 * ranking and `limit`) as one arm of a UNION ALL. One statement instead of one a type: the planning
 * stays per arm, but the round trips, the statements' own overhead and the pool's connections are
 * spent once a search.
 */
async function searchAll(
  deps: Deps,
  ctx: RequestContext,
  types: SearchType[],
  terms: Terms,
  limit: number,
): Promise<TypedRow[]> {
  if (!types.length) return []
  const statement = statementFor(ctx.isAdmin, types)
  const values = { ...terms, orgId: ctx.orgId, userId: ctx.userId, username: ctx.username, limit }
  const { rows } = await deps.database.pool.query<TypedRow>(
    statement.text,
    fillPlaceholders(statement.params, values),
  )
  return rows
}

/**
 * The statement of a shape of search (an admin's or anyone else's, over these types), built once with
 * placeholders for the words, the caller and the limit. Built afresh, the eleven arms' query trees and
 * their text cost more of the server's CPU than the rest of the request (a CPU profile under load,
 * docs/decisions.md, "Search").
 */
function statementFor(isAdmin: boolean, types: SearchType[]): { text: string; params: unknown[] } {
  const key = `${isAdmin ? 'admin' : 'member'}:${types.join(',')}`
  const known = statements.get(key)
  if (known) return known
  // Placeholders where the values go: typed as the values they stand for, filled by fillPlaceholders.
  const caller: Caller = callerPlaceholders(isAdmin)
  const terms = {
    q: sql.placeholder('q'),
    lower: sql.placeholder('lower'),
    prefix: sql.placeholder('prefix'),
    contains: sql.placeholder('contains'),
  } as unknown as Terms
  const arms = types.map((type) => sql`(${sourceQuery(caller, sources[type], terms).getSQL()})`)
  const { sql: text, params } = dialect.sqlToQuery(sql.join(arms, sql` union all `))
  if (statements.size >= STATEMENTS_KEPT) statements.clear()
  const built = { text, params }
  statements.set(key, built)
  return built
}

const dialect = new PgDialect()
const builder = new QueryBuilder()
const statements = new Map<string, { text: string; params: unknown[] }>()
/** Shapes kept: two kinds of caller times the sets of types people ask for (the web asks for all). */
const STATEMENTS_KEPT = 64

type TypedRow = SourceRow & { type: SearchType }

/** One type's query: its readable rows matching any field, best first, at most `limit`. */
function sourceQuery(ctx: Caller, source: Source, terms: Terms) {
  const matches = source.fields.map((f) => matchOf(f, terms))
  const best = sql<number>`least(${sql.join(
    matches.map((m, i) => sql`${m.tier} * ${sql.raw(String(FIELDS))} + ${sql.raw(String(i))}`),
    sql`, `,
  )})`
  // Every column named: the arms of the union line up by position and are read by these names.
  let select = builder
    .select({
      type: sql<SearchType>`${source.type}::text`.as('type'),
      id: sql<string>`${source.id}::text`.as('id'),
      title: sql<string>`${source.title}`.as('title'),
      subtitle: sql<string | null>`${source.subtitle}`.as('subtitle'),
      at: sql<Date | string | null>`${source.at}`.as('at'),
      tag: sql<string | null>`${source.tag ?? sql`null`}::text`.as('tag'),
      // Named, and sorted by its name: written twice, the statement would compute it twice.
      best: best.as('best'),
    })
    .from(source.table)
    .$dynamic() as PgSelectQueryBuilder
  for (const join of source.joins ?? []) select = select.leftJoin(join.table, join.on)
  return select
    .where(and(source.scope(ctx), matching(ctx, source, matches)))
    .orderBy(sql`best`, sql`at desc`)
    .limit(sql.placeholder('limit'))
}

/**
 * The rows whose fields match. Each field is looked up through its own index and the ids gathered
 * first (`id = any(array(… union …))`, then read by primary key): with one OR of every field the
 * planner prices a scan of the whole table below the sum of the index scans, and then evaluates the
 * contacts' JSON path on every row (220 ms on 20,000 clients, against 7 ms). A source whose scope is
 * the narrower (a non-admin's reports) filters its own rows instead; one whose index holds the
 * caller's membership beside the words (tasks) repeats the membership in each field's match.
 */
function matching(ctx: Caller, source: Source, matches: { where: SQL }[]): SQL {
  const beside = source.besideEachField?.(ctx)
  const any = sql.join(
    matches.map((m) => (beside ? sql`(${beside} and ${m.where})` : m.where)),
    sql` or `,
  )
  if (beside) return sql`(${any})`
  if (source.filterInScope?.(ctx)) return sql`(${any})`
  const ids = matches.map((m) => sql`select ${source.id} from ${source.table} where ${m.where}`)
  return sql`${source.id} = any(array(${sql.join(ids, sql` union `)}))`
}

const tierOf = (row: SourceRow) => Math.floor(Number(row.best) / FIELDS)
const timeOf = (row: SourceRow) => (row.at ? new Date(row.at).getTime() : 0)

function present(source: Source, row: SourceRow): SearchResult {
  const shown = source.present?.(row) ?? { title: row.title, subtitle: row.subtitle ?? '' }
  return {
    type: source.type,
    id: row.id,
    title: shown.title,
    subtitle: shown.subtitle,
    url: source.url(row),
    matched: source.fields[Number(row.best) % FIELDS]!.name,
  }
}
