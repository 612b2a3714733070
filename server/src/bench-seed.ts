/**
 * `npm run bench:seed -- --scale 1 [--seed 1]`: fills the database named by DATABASE_URL or DATA_DIR
 * (like the server) with a busy firm after five years (db/volume-seed.ts), for `npm run bench`.
 * Refuses to seed a seed value twice into one database.
 */
import { createHash } from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { createLogger, openAndMigrate } from './bootstrap.ts'
import { loadConfig } from './config.ts'
import { scaled, type VolumeContext, volumeAreas } from './db/volume-seed.ts'
import { organisations } from './modules/organisations/schema.ts'
import { users } from './modules/users/schema.ts'
import { hashPassword } from './platform/passwords.ts'

export const BENCH_PASSWORD = 'Bench@12345'

/** The same uuid as the seeder's SQL `md5(text)::uuid`, so that every id follows from the seed. */
function uuidOf(text: string): string {
  const h = createHash('md5').update(text).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
})
const scale = Number(values.scale)
const seed = Number(values.seed)
if (!(scale > 0 && scale <= 10) || !Number.isInteger(seed) || seed < 0) {
  console.error('Usage: npm run bench:seed -- --scale <0 < n ≤ 10> [--seed <whole number>]')
  process.exit(2)
}

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' })
const database = await openAndMigrate(config, createLogger(config))
const db = database.db
const started = Date.now()
const log = (message: string) => console.log(`  ${message}`)
try {
  const prefix = `s${seed}`
  const orgName = `Bench Firm ${seed}`
  const existing = await db.execute(sql`select 1 from organisations where name = ${orgName}`)
  if (existing.rows.length) {
    console.error(`This database already holds "${orgName}": use another --seed or a fresh database.`)
    process.exit(1)
  }
  console.log(
    `Seeding "${orgName}" at scale ${scale} into ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}`,
  )
  const orgId = uuidOf(`${prefix}:org`)
  await db.insert(organisations).values({ orgId, name: orgName, userLimit: null })

  const count = scaled({ scale }, 'users', 5)
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  const people = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    username: `${prefix}u${i + 1}`,
  }))
  const inserted = await db
    .insert(users)
    .values(
      people.map(({ n, username }) => ({
        userId: uuidOf(`${prefix}:user:${n}`),
        orgId,
        username,
        email: `${username}@bench.example`,
        mobile: `+917${String(seed % 100).padStart(2, '0')}${String(n).padStart(7, '0')}`,
        fullName: `Bench User ${n}`,
        designation: n === 1 ? 'Director' : n === 2 ? 'Accountant' : 'Engineer',
        passwordHash,
        isAdmin: n === 1,
        isAccountant: n === 2,
      })),
    )
    .returning({ userId: users.userId, username: users.username })
  const byName = new Map(inserted.map((u) => [u.username, u.userId]))
  const ctx: VolumeContext = {
    db,
    seed,
    scale,
    orgId,
    adminId: byName.get(people[0]!.username)!,
    usernames: people.map((p) => p.username),
    userIds: people.map((p) => byName.get(p.username)!),
    prefix,
    log,
  }
  log(
    `users: ${count} (sign in as ${prefix}u1 admin, ${prefix}u2 accountant, ${prefix}u3 staff; password ${BENCH_PASSWORD})`,
  )
  const only = values.only?.split(',')
  for (const area of volumeAreas) if (!only || only.includes(area.name)) await area.seed(ctx)
  await db.execute(sql`analyze`)
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
} finally {
  await database.close()
}
