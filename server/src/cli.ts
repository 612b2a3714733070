import { parseArgs } from 'node:util'
import { MIN_PASSWORD_LENGTH } from '@daftar/domain'
import { asc, eq } from 'drizzle-orm'
import { createLogger, openAndMigrate } from './bootstrap.ts'
import { loadConfig } from './config.ts'
import type { Database } from './db/connection.ts'
import { DataDirLockedError } from './db/embedded.ts'
import { promoteUserToAdmin } from './modules/admin/service.ts'
import { organisations } from './modules/organisations/schema.ts'
import { countLoginAccounts } from './modules/organisations/service.ts'
import { createLoginAccount } from './modules/users/service.ts'
import { AppError } from './platform/errors.ts'

const usage = `Provider commands for Daftar (they use DATA_DIR or DATABASE_URL like the server):

  npm run org -- create --name "Acme Ltd" --admin-username priya --admin-email priya@acme.in \\
                        --admin-mobile +919800011111 --admin-name "Priya Shah" --password 'S3cret!' [--user-limit 20]
      Creates an organisation and its first admin.

  npm run org -- set-limit --org <organisation id or exact name> --limit <number | none>
      Sets how many active login accounts the organisation may have.

  npm run org -- promote --org <organisation id or exact name> --user <username, email or mobile>
      Makes an active user an admin (the way back for an organisation left without one).

  npm run org -- list
      Lists organisations with their user count and limit.
`

function parseLimit(value: string | undefined): number | null {
  if (value === undefined || value === 'none') return null
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError('--limit must be a whole number of at least 1, or none.')
  return n
}

class UsageError extends Error {}

async function create(database: Database, args: Record<string, string | undefined>) {
  const required = ['name', 'admin-username', 'admin-name', 'password'] as const
  for (const key of required) if (!args[key]) throw new UsageError(`--${key} is required.`)
  if (!args['admin-email'] && !args['admin-mobile'])
    throw new UsageError('--admin-email or --admin-mobile is required.')
  if (args.password!.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  const userLimit = parseLimit(args['user-limit'])
  const { org, admin } = await database.db.transaction(async (tx) => {
    const [org] = await tx.insert(organisations).values({ name: args.name!.trim(), userLimit }).returning()
    const admin = await createLoginAccount(tx, {
      orgId: org!.orgId,
      username: args['admin-username']!,
      fullName: args['admin-name']!,
      email: args['admin-email'],
      mobile: args['admin-mobile'],
      password: args.password!,
      isAdmin: true,
    })
    return { org: org!, admin }
  })
  console.log(`Created organisation "${org.name}" (${org.orgId}) with admin ${admin.username}.`)
}

async function findOrg(database: Database, ref: string) {
  const all = await database.db.select().from(organisations)
  const matches = all.filter((o) => o.orgId === ref || o.name === ref)
  if (matches.length !== 1)
    throw new UsageError(
      matches.length
        ? `More than one organisation is named "${ref}"; use its id.`
        : `No organisation "${ref}".`,
    )
  return matches[0]!
}

async function setLimit(database: Database, args: Record<string, string | undefined>) {
  if (!args.org) throw new UsageError('--org is required.')
  if (!args.limit) throw new UsageError('--limit is required.')
  const org = await findOrg(database, args.org)
  const limit = parseLimit(args.limit)
  await database.db
    .update(organisations)
    .set({ userLimit: limit, updatedAt: new Date() })
    .where(eq(organisations.orgId, org.orgId))
  const current = await countLoginAccounts(database.db, org.orgId)
  console.log(`User limit of "${org.name}" is now ${limit ?? 'none'} (${current} active login accounts).`)
}

async function promote(database: Database, args: Record<string, string | undefined>) {
  if (!args.org) throw new UsageError('--org is required.')
  if (!args.user) throw new UsageError('--user is required.')
  const org = await findOrg(database, args.org)
  try {
    const user = await promoteUserToAdmin(database.db, org.orgId, args.user)
    console.log(`${user.username} is now an admin of "${org.name}".`)
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message)
    throw error
  }
}

async function list(database: Database) {
  const rows = await database.db.select().from(organisations).orderBy(asc(organisations.name))
  if (rows.length === 0) console.log('No organisations yet.')
  for (const org of rows) {
    const current = await countLoginAccounts(database.db, org.orgId)
    console.log(`${org.orgId}  ${org.name}  users ${current}/${org.userLimit ?? 'no limit'}`)
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: Object.fromEntries(
      [
        'name',
        'admin-username',
        'admin-email',
        'admin-mobile',
        'admin-name',
        'password',
        'user-limit',
        'org',
        'limit',
        'user',
      ].map((k) => [k, { type: 'string' as const }]),
    ),
  })
  const command = positionals[0]
  if (!command || !['create', 'set-limit', 'promote', 'list'].includes(command)) {
    console.log(usage)
    process.exit(command ? 1 : 0)
  }
  const config = loadConfig()
  const database = await openAndMigrate(config, createLogger({ ...config, LOG_LEVEL: 'warn' }))
  try {
    const args = values as Record<string, string | undefined>
    if (command === 'create') await create(database, args)
    if (command === 'set-limit') await setLimit(database, args)
    if (command === 'promote') await promote(database, args)
    if (command === 'list') await list(database)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  if (error instanceof UsageError || error instanceof DataDirLockedError) {
    console.error(error.message)
    process.exit(1)
  }
  console.error(error.message ?? error)
  process.exit(1)
})
