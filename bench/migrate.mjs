// Brings a pristine bench database (the template each run is copied from, bench/run.mjs) up to the
// current migrations and vacuums it, so that every copy starts migrated, with statistics and visibility
// maps set: the "second start" then measures a start, not a migration. Run with `node --import tsx`,
// with DATABASE_URL or DATA_DIR set like the server.
const { createLogger, openAndMigrate } = await import('../server/src/bootstrap.ts')
const { loadConfig } = await import('../server/src/config.ts')

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DB_STATEMENT_TIMEOUT_MS: '600000',
})
const database = await openAndMigrate(config, createLogger(config))
try {
  await database.pool.query('vacuum analyze')
} finally {
  await database.close()
}
