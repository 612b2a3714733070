/**
 * Demo records of the registers beyond clients and projects, so that a newcomer finds every page
 * populated: suppliers, technical information, assets (one due for maintenance this week), employees
 * (Asha's record linked to her login), an internal-document collection and two announcements.
 */
import {
  type AccessLevel,
  addDays,
  assetData,
  collectionData,
  type EntityType,
  employeeRequestData,
  gstinCheckCharacter,
  supplierData,
  technicalInfoData,
  todayIn,
  verhoeffDigit,
} from '@daftar/domain'
import { eq } from 'drizzle-orm'
import type { Tx } from '../db/connection.ts'
import { grantOnCreate } from '../modules/access/service.ts'
import { announcementRecipients, announcements } from '../modules/announcements/schema.ts'
import { assetRegister } from '../modules/assets/register.ts'
import { collectionRegister } from '../modules/collections/register.ts'
import { documents } from '../modules/documents/schema.ts'
import { employeeRegister } from '../modules/employees/register.ts'
import { employees } from '../modules/employees/schema.ts'
import { supplierRegister } from '../modules/suppliers/register.ts'
import { technicalInfoRegister } from '../modules/technical-info/register.ts'
import { users } from '../modules/users/schema.ts'

export interface SeedContext {
  orgId: string
  /** User ids by demo username. */
  ids: Record<string, string>
  projectIds: string[]
}

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14)
const aadhaar = (first11: string) => first11 + verhoeffDigit(first11)

export async function seedRegisters(tx: Tx, { orgId, ids, projectIds }: SeedContext): Promise<void> {
  const as = { orgId, actorUserId: ids.admin!, requesterUserId: ids.admin! }
  /** Gives demo users (by username) access to a record, as the admin does when creating it. */
  const grant = (entityType: EntityType, entityId: string, levels: Record<string, AccessLevel>) =>
    grantOnCreate(
      tx,
      orgId,
      entityType,
      entityId,
      Object.entries(levels).map(([username, level]) => ({ user_id: ids[username]!, level })),
      ids.admin!,
    )
  const today = todayIn('Asia/Kolkata')

  const supplierIds = []
  for (const s of demoSuppliers)
    supplierIds.push(await supplierRegister.create(tx, as, supplierData.parse(s)))
  await grant('SUPPLIER', supplierIds[0]!, { asha: 'WRITE' })
  await grant('SUPPLIER', supplierIds[1]!, { ravi: 'READ' })

  for (const t of demoTechnicalInfo) {
    const id = await technicalInfoRegister.create(tx, as, technicalInfoData.parse(t))
    await grant('TECHNICAL_INFO', id, { asha: 'READ' })
  }

  const demoAssets = [
    {
      asset_display_id: 'AST-0001',
      name: 'Dosing pump (standby)',
      category: 'Pump',
      status: 'In Use',
      purchase_date: '2025-05-10',
      purchase_cost: 48500,
      seller_details: { name: 'Aqua Pumps & Motors', phone: '+91 98200 45678' },
      warranty_details: { expires_on: addDays(today, 120), details: '2 years, parts and labour' },
      assigned_to_type: 'PROJECT',
      assigned_to_id: projectIds[0],
      assignment_date: '2025-05-20',
      next_maintenance_due: addDays(today, 4),
    },
    {
      asset_display_id: 'AST-0002',
      name: 'Dell Latitude laptop',
      category: 'Laptop',
      status: 'In Use',
      purchase_date: '2025-08-01',
      purchase_cost: 72999.5,
      assigned_to_type: 'EMPLOYEE',
      assigned_to_id: ids.asha,
      assignment_date: '2025-08-02',
      warranty_details: { expires_on: addDays(today, 20), details: 'Onsite warranty' },
    },
    {
      asset_display_id: 'AST-0003',
      name: 'Portable pH meter',
      category: 'Instrument',
      status: 'In Stock',
      purchase_date: '2024-11-15',
      purchase_cost: 15600,
      assigned_to_type: 'OFFICE',
      next_maintenance_due: addDays(today, 45),
    },
    { asset_display_id: 'AST-0004', name: 'Old diesel generator', category: 'Generator', status: 'Retired' },
  ]
  for (const [index, a] of demoAssets.entries()) {
    const id = await assetRegister.create(tx, as, assetData.parse(a))
    if (index < 2) await grant('ASSET', id, { asha: 'READ' })
  }

  const employeeIds: Record<string, string> = {}
  for (const e of demoEmployees) {
    employeeIds[e.employee_official_id] = await employeeRegister.create(tx, as, employeeRequestData.parse(e))
  }
  // Suresh has left: an old employee.
  await tx.update(employees).set({ isActive: false }).where(eq(employees.employeeId, employeeIds['EMP-000']!))
  // Asha's employee record is linked to her login account, both ways.
  const ashaEmployee = employeeIds['EMP-003']!
  await tx.update(employees).set({ linkedUserId: ids.asha }).where(eq(employees.employeeId, ashaEmployee))
  await tx.update(users).set({ employeeId: ashaEmployee }).where(eq(users.userId, ids.asha!))
  await grant('EMPLOYEE', ashaEmployee, { asha: 'READ' })

  const collectionId = await collectionRegister.create(
    tx,
    as,
    collectionData.parse({
      name: 'HR Policies',
      description: 'Leave, travel and expense policies, and the forms that go with them.',
    }),
  )
  await grant('COLLECTION', collectionId, { asha: 'READ', ravi: 'READ' })
  await tx.insert(documents).values(
    ['Leave Policy', 'Travel & Expenses'].map((name) => ({
      orgId,
      entityType: 'COLLECTION' as const,
      entityId: collectionId,
      name,
      isFolder: true,
      createdBy: ids.admin,
      updatedBy: ids.admin,
    })),
  )

  await tx.insert(announcements).values({
    orgId,
    title: 'Office closed for Diwali',
    content:
      'The office stays closed from 31 October to 3 November. Site teams on operations contracts follow their client’s roster; the duty officer for each site is listed in the HR Policies collection.',
    isPublic: true,
    createdBy: ids.admin,
  })
  const [staffNote] = await tx
    .insert(announcements)
    .values({
      orgId,
      title: 'Safety audit at Sunrise ETP next week',
      content: 'Carry your PPE and the updated permit-to-work forms. Asha will share the checklist.',
      isPublic: false,
      createdBy: ids.admin,
    })
    .returning()
  await tx.insert(announcementRecipients).values(
    ['asha', 'ravi'].map((name) => ({
      announcementId: staffNote!.announcementId,
      userId: ids[name]!,
      orgId,
    })),
  )
}

const demoSuppliers = [
  {
    name: 'Aqua Pumps & Motors',
    product_category: 'Pumps',
    website: 'www.aquapumps.example',
    gstin: gstin('27AAGFA4521K1Z'),
    pan: 'AAGFA4521K',
    contacts: [{ name: 'Nitin Deshmukh', phone: '+91 98200 45678', email: 'sales@aquapumps.example' }],
    address: 'Gala 7, Vasai Industrial Estate, Palghar 401208',
    bank_details: {
      bank_name: 'HDFC Bank',
      branch_name: 'Vasai East',
      account_no: '50200011223344',
      ifsc_code: 'HDFC0001234',
    },
  },
  {
    name: 'Bharat Chemicals',
    product_category: 'Chemicals',
    website: 'https://bharatchem.example',
    gstin: gstin('24AABCB7788L1Z'),
    contacts: [{ name: 'Hetal Patel', phone: '+91 99090 11223', email: 'orders@bharatchem.example' }],
    address: 'Plot 301, GIDC Ankleshwar, Gujarat 393002',
    notes: 'PAC, alum and polyelectrolyte; 15 days credit.',
  },
  {
    name: 'Shakti Electricals',
    product_category: 'Electricals',
    contacts: [{ name: 'Imran Sheikh', phone: '+91 97690 55443', email: null }],
  },
]

const demoTechnicalInfo = [
  {
    title: 'Jar test for coagulant dose',
    keywords: ['coagulation', 'pac', 'jar test', 'turbidity'],
    when_to_use: 'When raw water turbidity changes by more than 20% or a new coagulant is tried.',
    prerequisites: 'Six-paddle jar tester, 1% PAC stock solution, turbidity meter.',
    description: 'Find the lowest coagulant dose that gives settled turbidity under 5 NTU.',
    steps:
      '1. Fill six jars with 1 L raw water.\n2. Dose 10–60 mg/L in steps of 10.\n3. Rapid mix 1 min, slow mix 15 min, settle 30 min.\n4. Read settled turbidity; pick the lowest good dose.',
  },
  {
    title: 'Sludge Volume Index',
    keywords: ['svi', 'activated sludge', 'settling'],
    when_to_use: 'Daily, to watch settling in the aeration tank; at once when bulking is suspected.',
    prerequisites: '1 L graduated cylinder, MLSS result of the same sample.',
    formula: 'SVI (mL/g) = settled volume after 30 min (mL/L) × 1000 / MLSS (mg/L)',
  },
  {
    title: 'Blower air requirement',
    keywords: ['aeration', 'blower', 'oxygen demand'],
    when_to_use: 'Sizing or checking blowers of a new or upgraded aeration tank.',
    formula: 'Air (m³/h) = O₂ demand (kg/h) / (0.232 × 1.2 kg/m³ × SOTE)',
  },
]

const demoEmployees = [
  {
    full_name: 'Aditya Mehta',
    employee_official_id: 'EMP-001',
    designation: 'Managing Director',
    department: 'Management',
    joining_date: '2015-04-01',
    contact_phone: '+91 98000 00001',
    contact_email: 'admin@example.com',
  },
  {
    full_name: 'Priya Nair',
    employee_official_id: 'EMP-002',
    designation: 'Accounts Manager',
    department: 'Accounts',
    joining_date: '2019-07-15',
    contact_phone: '+91 98000 00002',
    contact_email: 'accounts@example.com',
    bank_details: { bank_name: 'State Bank of India', ifsc_code: 'SBIN0000691', account_no: '30012345678' },
  },
  {
    full_name: 'Asha Verma',
    employee_official_id: 'EMP-003',
    designation: 'Site Engineer',
    department: 'Operations',
    joining_date: '2022-01-10',
    contact_phone: '+91 98000 00003',
    contact_email: 'asha@example.com',
    gender: 'Female',
    marital_status: 'Single',
    qualification: 'B.E. Environmental Engineering',
    aadhar_no: aadhaar('23456789012'),
    pan_no: 'ABCPV1234K',
    current_address: 'Flat 12, Shanti Nagar, Thane 400601',
  },
  {
    full_name: 'Ravi Kumar',
    employee_official_id: 'EMP-004',
    designation: 'Plant Operator',
    department: 'Operations',
    joining_date: '2023-03-01',
    contact_phone: '+91 98000 00004',
    contact_email: 'ravi@example.com',
  },
  {
    full_name: 'Suresh Yadav',
    employee_official_id: 'EMP-000',
    designation: 'Chemist',
    department: 'Laboratory',
    joining_date: '2016-09-01',
    notes: 'Left in March 2025.',
  },
]
