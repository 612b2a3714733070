// Prepares the e2e database before the server opens it: the demo organisation, and one user per
// journey that changes its own account, so that journeys never disturb each other.
import { createLogger, openAndMigrate } from '../../server/src/bootstrap.ts'
import { loadConfig } from '../../server/src/config.ts'
import { organisations } from '../../server/src/modules/organisations/schema.ts'
import { tasks } from '../../server/src/modules/tasks/schema.ts'
import { createLoginAccount } from '../../server/src/modules/users/service.ts'
import { DEMO_PASSWORD, seedDemo } from '../../server/src/seed/seed.ts'
import { e2eUsers, PAGER_FINISHED_TASKS } from './users.ts'

const config = loadConfig()
const database = await openAndMigrate(config, createLogger(config))
await seedDemo(database.db)
await database.db.transaction(async (tx) => {
  const [org] = await tx.insert(organisations).values({ name: 'Journey Testing Co' }).returning()
  for (const user of Object.values(e2eUsers)) {
    await createLoginAccount(tx, { orgId: org!.orgId, password: DEMO_PASSWORD, ...user })
  }
  // Enough finished tasks for two pages of the finished list; task 01 was approved most recently.
  await tx.insert(tasks).values(
    Array.from({ length: PAGER_FINISHED_TASKS }, (_, i) => ({
      orgId: org!.orgId,
      title: `Finished task ${String(i + 1).padStart(2, '0')}`,
      assignmentChain: ['pager'],
      status: 'Completed' as const,
      approvedAt: new Date(Date.now() - (i + 1) * 3_600_000),
    })),
  )
})
await database.close()
