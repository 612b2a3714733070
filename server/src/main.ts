import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from './config.ts'
import { DataDirLockedError } from './db/embedded.ts'
import { createLogger, openAndMigrate } from './startup.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

async function main() {
  const config = loadConfig()
  const log = createLogger(config)
  if (config.NODE_ENV === 'production' && !config.DATABASE_URL) {
    console.warn(
      '\n*** WARNING: running in production on the embedded database (PGlite). It is meant for trying Daftar and ' +
        'for a small team on one machine. Set DATABASE_URL to a PostgreSQL server for production. ***\n',
    )
  }
  // The database first (the embedded one starts on its own thread, about a second of compiling its
  // WASM), the rest of the server loaded meanwhile: the two overlap instead of adding up.
  const opening = openAndMigrate(config, log)
  opening.catch(() => {}) // awaited below; a failure must not count as unhandled while modules load
  const [{ buildApp }, { createDeps }, { startJobs }, demo] = await Promise.all([
    import('./app.ts'),
    import('./bootstrap.ts'),
    import('./jobs.ts'),
    import('./seed/seed.ts'),
  ])
  const database = await opening
  const seedAllowed = config.SEED_DEMO ?? config.NODE_ENV !== 'production'
  const seeded = seedAllowed && (await demo.isEmpty(database.db))
  if (seeded) await demo.seedDemo(database.db)

  const deps = await createDeps(config, database, log)
  const app = await buildApp(deps, { webDist: config.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist') })
  deps.outbox.start()
  deps.outbox.kick()
  const jobs = startJobs(deps)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal} received, stopping`)
    await app.close()
    await jobs.stop()
    await deps.outbox.stop()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await app.listen({ port: config.PORT, host: config.HOST })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  // Links in mails need an address; without PUBLIC_URL it is this server's port (PORT=0 picks one).
  config.PUBLIC_URL ??= `http://localhost:${port}`
  printBanner(demo, {
    url: config.PUBLIC_URL ?? `http://localhost:${port}`,
    database: config.DATABASE_URL
      ? `PostgreSQL (${new URL(config.DATABASE_URL).host})`
      : `embedded PGlite in ${config.dataDir}`,
    mail: deps.mailer.describe(),
    seeded,
  })
}

function printBanner(
  { DEMO_PASSWORD, demoUsers }: typeof import('./seed/seed.ts'),
  info: { url: string; database: string; mail: string; seeded: boolean },
) {
  const lines = [
    '',
    `  Daftar is running at ${info.url}`,
    `  Database: ${info.database}`,
    `  Mail:     ${info.mail}`,
    '',
    `  Sign in as ${demoUsers[0].email} (admin), ${demoUsers[1].email} (accountant),`,
    `  ${demoUsers[2].email} or ${demoUsers[3].email} (staff), password ${DEMO_PASSWORD}`,
    info.seeded
      ? '  (the demo organisation was created just now)'
      : '  (if this database holds the demo organisation)',
    '',
  ]
  console.log(lines.join('\n'))
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(`\nDaftar cannot start: ${error.message}\n`)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
