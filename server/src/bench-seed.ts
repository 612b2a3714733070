/**
 * `npm run bench:seed -- --scale 1 [--seed 1] [--only clients,tasks]`: fills the database named by
 * DATABASE_URL or DATA_DIR (like the server) with a busy firm after five years (seed/volume-seed.ts), for
 * `npm run bench`. Refuses to seed a seed value twice into one database.
 */
import { parseArgs } from 'node:util'
import { createLogger, openAndMigrate } from './bootstrap.ts'
import { loadConfig } from './config.ts'
import { BENCH_PASSWORD, seedVolume } from './seed/volume-seed.ts'

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
const started = Date.now()
let failed = false
try {
  console.log(`Seeding at scale ${scale} into ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}`)
  const ctx = await seedVolume(database.db, {
    scale,
    seed,
    only: values.only?.split(','),
    log: (message) => console.log(`  ${message}`),
  })
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(0)} s. Sign in as ${ctx.usernames[0]} (admin), ` +
      `${ctx.usernames[1]} (accountant) or ${ctx.usernames[2]} (staff), password ${BENCH_PASSWORD}.`,
  )
} catch (error) {
  failed = true
  console.error(error instanceof Error ? error.message : error)
} finally {
  await database.close()
}
process.exit(failed ? 1 : 0)
