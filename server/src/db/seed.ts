import { count } from 'drizzle-orm'
import { categories } from '../modules/categories/schema.ts'
import { organisations } from '../modules/organisations/schema.ts'
import { createLoginAccount } from '../modules/users/service.ts'
import type { Db } from './connection.ts'

export const DEMO_PASSWORD = 'Demo@1234'
export const DEMO_ORG_NAME = 'Demo Industries'

export const demoUsers = [
  {
    username: 'admin',
    email: 'admin@example.com',
    mobile: '+919800000001',
    fullName: 'Aditya Mehta',
    designation: 'Managing Director',
    isAdmin: true,
  },
  {
    username: 'accounts',
    email: 'accounts@example.com',
    mobile: '+919800000002',
    fullName: 'Priya Nair',
    designation: 'Accounts Manager',
    isAccountant: true,
  },
  {
    username: 'asha',
    email: 'asha@example.com',
    mobile: '+919800000003',
    fullName: 'Asha Verma',
    designation: 'Site Engineer',
  },
  {
    username: 'ravi',
    email: 'ravi@example.com',
    mobile: '+919800000004',
    fullName: 'Ravi Kumar',
    designation: 'Project Coordinator',
  },
] as const

const demoCategories = [
  { categoryName: 'Site Work', categoryColor: '#d3f9d8' },
  { categoryName: 'Billing', categoryColor: '#fff3bf' },
  { categoryName: 'Procurement', categoryColor: '#d0ebff' },
  { categoryName: 'Compliance', categoryColor: '#ffe3e3' },
  { categoryName: 'Maintenance', categoryColor: '#e5dbff' },
]

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organisations)
  return (row?.n ?? 0) === 0
}

/** The demo organisation of DESIGN §8, in one transaction. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organisations).values({ name: DEMO_ORG_NAME, userLimit: 25 }).returning()
    const orgId = org!.orgId
    for (const user of demoUsers) {
      await createLoginAccount(tx, { orgId, password: DEMO_PASSWORD, ...user })
    }
    await tx.insert(categories).values(demoCategories.map((c) => ({ ...c, orgId })))
  })
}
