// Brings a pristine bench database (the template each run is copied from, bench/run.mjs) up to the
// current migrations, runs the server's jobs once and vacuums it, so that every copy starts migrated,
// caught up and with statistics and visibility maps set: the "second start" then measures a start,
// not a migration, and the paths measure requests, not the jobs' first run. Run with
// `node --import tsx`, with DATABASE_URL or DATA_DIR set like the server.
const { createDeps, createLogger, openAndMigrate } = await import('../server/src/bootstrap.ts')
const { loadConfig } = await import('../server/src/config.ts')
const { serverJobs } = await import('../server/src/jobs.ts')

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DB_STATEMENT_TIMEOUT_MS: '600000',
})
const log = createLogger(config)
const database = await openAndMigrate(config, log)
try {
  // A server that has been running has done this: on a fresh seed the reminders' first run claims
  // thousands (seconds of the embedded database's one connection, docs/decisions.md, "Recurring
  // tasks and reminders"), and it would land on the first paths measured. Their mails count as sent:
  // the bench has no mail server, and rendering thousands of invoice PDFs is not a request's cost.
  const deps = await createDeps(config, database, log)
  for (const job of serverJobs(deps)) if (job.name !== 'orphaned files') await job.run()
  await database.pool.query(
    'update outbox set delivered_at = now(), payload = null where delivered_at is null',
  )
  await database.pool.query('vacuum analyze')
} finally {
  await database.close()
}
