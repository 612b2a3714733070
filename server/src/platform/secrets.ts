import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/connection.ts'
import { appSecrets } from './schema.ts'

/**
 * Returns the named secret, creating it on first use. Kept in the database so that every instance and
 * every restart signs with the same keys.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  create: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  if (!row) throw new Error(`Secret ${name} could not be created`)
  return row.value
}
