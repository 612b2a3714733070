import { projectData, TASK_STATUS } from '@daftar/domain'
import { count } from 'drizzle-orm'
import type { Db } from '../db/connection.ts'
import { grantOnCreate } from '../modules/access/service.ts'
import { categories } from '../modules/categories/schema.ts'
import { clientRegister } from '../modules/clients/register.ts'
import { organisations } from '../modules/organisations/schema.ts'
import { projectRegister } from '../modules/projects/register.ts'
import { tasks } from '../modules/tasks/schema.ts'
import { createLoginAccount } from '../modules/users/service.ts'
import { seedAccounts } from './seed-accounts.ts'
import { seedRegisters } from './seed-registers.ts'
import { seedReports } from './seed-reports.ts'

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

/** The demo organisation of the README ("Run it"), in one transaction. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organisations).values({ name: DEMO_ORG_NAME, userLimit: 25 }).returning()
    const orgId = org!.orgId
    const ids: Record<string, string> = {}
    for (const user of demoUsers) {
      ids[user.username] = (await createLoginAccount(tx, { orgId, password: DEMO_PASSWORD, ...user })).userId
    }
    const categoryRows = await tx
      .insert(categories)
      .values(demoCategories.map((c) => ({ ...c, orgId })))
      .returning()
    const categoryId = (name: string) => categoryRows.find((c) => c.categoryName === name)!.categoryId
    const as = { orgId, actorUserId: ids.admin!, requesterUserId: ids.admin! }
    const clientIds: string[] = []
    const projectIds: string[] = []
    for (const client of demoClients)
      clientIds.push(await clientRegister.create(tx, as, { state_code: null, ...client }))
    for (const [index, project] of demoProjects.entries()) {
      const data = projectData.parse({ ...project, client_id: clientIds[project.client] })
      const projectId = await projectRegister.create(tx, as, data)
      projectIds.push(projectId)
      // Staff see what they are on the access list of: Asha works on the first two, Ravi on the third.
      const grants =
        index < 2
          ? [{ user_id: ids.asha!, level: 'WRITE' as const }]
          : [{ user_id: ids.ravi!, level: 'READ' as const }]
      await grantOnCreate(tx, orgId, 'PROJECT', projectId, grants, ids.admin!)
      await grantOnCreate(tx, orgId, 'CLIENT', clientIds[project.client]!, grants, ids.admin!)
    }
    await seedRegisters(tx, { orgId, ids, projectIds })
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const at = (offset: number) => new Date(Date.now() + offset * 86_400_000)
    const onProject = (index: number) => ({
      projectId: projectIds[index]!,
      projectName: demoProjects[index]!.name,
      clientId: clientIds[demoProjects[index]!.client]!,
      clientName: demoClients[demoProjects[index]!.client]!.name,
    })
    await tx.insert(tasks).values(
      [
        {
          title: 'Submit monthly O&M report for Ganga STP',
          ...onProject(1),
          assignmentChain: ['admin', 'asha'],
          cc: ['ravi'],
          deadline: day(-2),
          startDate: day(-12),
          details: 'Include flow readings, chemical consumption and downtime.',
          categoryId: categoryId('Site Work'),
          status: TASK_STATUS.inProgress,
          addedDate: at(-12),
        },
        {
          title: 'Collect advance payment from Metro Pharma',
          ...onProject(2),
          assignmentChain: ['admin', 'ravi'],
          cc: ['accounts'],
          deadline: day(5),
          details: 'Second instalment as per the work order.',
          categoryId: categoryId('Billing'),
          status: TASK_STATUS.inProgress,
          addedDate: at(-6),
        },
        {
          title: 'Get quotations for dosing pumps',
          ...onProject(0),
          assignmentChain: ['asha', 'ravi'],
          deadline: day(9),
          details: 'Three vendors, 2 working + 1 standby.',
          categoryId: categoryId('Procurement'),
          status: TASK_STATUS.inProgress,
          addedDate: at(-3),
        },
        {
          title: 'Update site photographs',
          ...onProject(0),
          assignmentChain: ['asha'],
          deadline: null,
          categoryId: categoryId('Site Work'),
          status: TASK_STATUS.inProgress,
          addedDate: at(-1),
        },
        {
          title: 'Renew pollution control board consent',
          ...onProject(0),
          assignmentChain: ['admin', 'asha'],
          deadline: day(14),
          details: 'Consent to operate expires next month.',
          categoryId: categoryId('Compliance'),
          status: TASK_STATUS.pendingApproval,
          submittedAt: at(-1),
          completionFeedback: 'Application filed online; acknowledgement attached to the project documents.',
          addedDate: at(-20),
        },
        {
          title: 'Service the standby DG set',
          projectName: 'Head Office',
          assignmentChain: ['ravi', 'admin'],
          deadline: day(3),
          categoryId: categoryId('Maintenance'),
          status: TASK_STATUS.inProgress,
          addedDate: at(-2),
        },
        {
          title: 'Reconcile October invoices',
          assignmentChain: ['admin', 'accounts'],
          deadline: day(-20),
          categoryId: categoryId('Billing'),
          status: TASK_STATUS.completed,
          submittedAt: at(-19),
          approvedAt: at(-18),
          addedDate: at(-25),
        },
        {
          title: 'Old vendor registration form',
          assignmentChain: ['admin', 'ravi'],
          status: TASK_STATUS.deleted,
          deletionDate: at(-4),
          addedDate: at(-30),
        },
      ].map((t) => ({ orgId, createdBy: ids[t.assignmentChain[0]!]!, ...t })),
    )
    await seedAccounts(tx, orgId)
    await seedReports(tx, {
      orgId,
      ids,
      projects: projectIds.map((id, i) => ({
        id,
        name: demoProjects[i]!.name,
        client: demoClients[demoProjects[i]!.client]!.name,
      })),
    })
  })
}

const demoClients = [
  {
    name: 'Sunrise Textiles Pvt Ltd',
    office_address: 'Plot 14, MIDC Bhiwandi, Thane, Maharashtra 421302',
    gstin: '27AAACS1234A1Z2',
    pan: 'AAACS1234A',
    contacts: [{ name: 'Meera Joshi', phone: '+91 98200 11223', email: 'meera.joshi@sunrisetex.in' }],
    notes: 'Effluent treatment plant upgrade; pays within 30 days.',
  },
  {
    name: 'Ganga Water Works',
    office_address: '22 Civil Lines, Prayagraj, Uttar Pradesh 211001',
    gstin: '09AABCG5678B1ZL',
    pan: 'AABCG5678B',
    contacts: [
      { name: 'Rajesh Tiwari', phone: '+91 94150 33445', email: 'rajesh@gangawater.in' },
      { name: 'Sunita Pandey', phone: '+91 94150 66778', email: null },
    ],
    notes: null,
  },
  {
    name: 'Metro Pharma Ltd',
    office_address: 'Survey 88, GIDC Vapi, Gujarat 396195',
    gstin: '24AAACM9012C1Z2',
    pan: 'AAACM9012C',
    contacts: [{ name: 'Dr. Kiran Shah', phone: '+91 99250 44556', email: 'kiran.shah@metropharma.in' }],
    notes: 'Water treatment plant on an annual operations contract.',
  },
]

const demoProjects = [
  {
    name: 'Sunrise ETP Upgrade',
    client: 0,
    address: 'Plot 14, MIDC Bhiwandi',
    zip_code: '421302',
    project_type: 'Effluent Treatment Plant',
    capacity: '500 KLD',
    work_order_details: { number: 'WO/STL/2026/041', date: '2026-04-12', total_value: 4850000 },
    consultant_details: {
      name: 'AquaTech Consultants',
      contact_person: 'Vivek Rao',
      phone: '+91 98670 12121',
      email: 'vivek@aquatech.in',
    },
    project_contact_details: {
      name: 'Meera Joshi',
      phone: '+91 98200 11223',
      email: 'meera.joshi@sunrisetex.in',
    },
  },
  {
    name: 'Ganga STP Operations',
    client: 1,
    address: 'Naini Industrial Area, Prayagraj',
    zip_code: '211008',
    project_type: 'Sewage Treatment Plant',
    capacity: '2 MLD',
    work_order_details: { number: 'GWW/OM/2026/07', date: '2026-06-01', total_value: 1260000 },
  },
  {
    name: 'Metro Pharma WTP',
    client: 2,
    address: 'Survey 88, GIDC Vapi',
    zip_code: '396195',
    project_type: 'Water Treatment Plant',
    capacity: '150 KLD',
    work_order_details: { number: 'MPL/WTP/118', date: '2026-02-20', total_value: 2300000 },
  },
]
