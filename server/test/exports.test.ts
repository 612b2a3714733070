/**
 * Exports of the lists as CSV and XLSX (docs/decisions.md, "Exports"): the columns the web's
 * lists show, their filters, the caller's rows only, formula-looking text neutralised in both
 * formats, real dates and amounts in XLSX, and the batches that keep a long list streaming.
 */
import ExcelJS from 'exceljs'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collections } from '../src/modules/collections/schema.ts'
import { EXPORT_BATCH } from '../src/platform/spreadsheet-export.ts'
import { accountsOrg, as, createReceivable, day } from './accounts-helpers.ts'
import { client, createOrg, startTestServer, type TestServer } from './helpers.ts'
import { createClient, createProject, grant, type RegisterOrg, registerOrg } from './registers-helpers.ts'
import { operationsBody, sendReport } from './report-helpers.ts'
import { newTask, person } from './task-helpers.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

let server: TestServer
let org: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Export Works')
  const { admin } = org
  await createClient(server, admin.token, {
    name: 'Acme Industries',
    contacts: [{ name: 'Meera', phone: '+91 98200 11223', email: 'meera@acme.test' }],
  })
  await createClient(server, admin.token, { name: 'Acme, "Quoted" Traders' })
  await createClient(server, admin.token, { name: '=HYPERLINK("http://evil.test")' })
  await createClient(server, admin.token, { name: 'Zenith Pumps' })
})
afterAll(() => server.close())

const get = (token: string, url: string) => client(server, token).get(url)

/** The CSV's lines without the byte-order mark. */
function csvLines(res: LightMyRequestResponse): string[] {
  expect(res.body.startsWith('\uFEFF')).toBe(true)
  expect(res.body.endsWith('\r\n')).toBe(true)
  return res.body.slice(1).trimEnd().split('\r\n')
}

/** The XLSX's first sheet, read back with exceljs. */
async function sheetOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe(XLSX)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const rows: ExcelJS.CellValue[][] = []
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)))
  return { sheet, rows }
}

describe('a register as CSV and XLSX', () => {
  it('CSV: the list columns, the search honoured, RFC 4180 quoting and formulas neutralised', async () => {
    const res = await get(org.admin.token, '/clients/export?searchQuery=acme&sortBy=name_asc')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clients-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = csvLines(res)
    expect(lines).toEqual([
      'Name,Client ID,Contact Person,Phone,Email',
      // '+' could start a formula: the phone keeps its apostrophe like any such text.
      "Acme Industries,CL-0001,Meera,'+91 98200 11223,meera@acme.test",
      '"Acme, ""Quoted"" Traders",CL-0002,,,',
    ])
    const all = csvLines(await get(org.admin.token, '/clients/export?format=csv'))
    expect(all).toHaveLength(5)
    expect(all).toContain(`"'=HYPERLINK(""http://evil.test"")",CL-0003,,,`)
  })

  it('XLSX: a bold frozen header, the rows of the filter, formula text neutralised alike', async () => {
    const res = await get(org.admin.token, '/clients/export?format=xlsx&searchQuery=HYPERLINK')
    expect(res.headers['content-disposition']).toMatch(/filename="clients-export-\d{4}-\d{2}-\d{2}\.xlsx"/)
    expect(res.headers['cache-control']).toBe('no-store')
    const { sheet, rows } = await sheetOf(res)
    expect(rows).toEqual([
      ['Name', 'Client ID', 'Contact Person', 'Phone', 'Email'],
      [`'=HYPERLINK("http://evil.test")`, 'CL-0003'],
    ])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    // A string, never a formula.
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String)
  })

  it('says in a header whether the filters matched nothing, in either format', async () => {
    for (const format of ['csv', 'xlsx']) {
      const none = await get(org.admin.token, `/clients/export?format=${format}&searchQuery=zzz-nothing`)
      expect(none.statusCode, format).toBe(200)
      expect(none.headers['x-export-empty'], format).toBe('true')
      const some = await get(org.admin.token, `/clients/export?format=${format}&searchQuery=acme`)
      expect(some.headers['x-export-empty'], format).toBe('false')
    }
  })

  it('XLSX: amounts are numbers and dates are Excel dates, each with its format', async () => {
    const clientId = await createClient(server, org.admin.token, { name: 'Money Client' })
    await createProject(server, org.admin.token, clientId, {
      name: 'Money Project',
      work_order_details: { number: 'WO-9', date: '2024-04-01', total_value: 1234567.5 },
    })
    const projects = await sheetOf(
      await get(org.admin.token, '/projects/export?format=xlsx&searchQuery=money'),
    )
    expect(projects.rows[0]).toEqual([
      'Project Name',
      'Client Name',
      'Order Value',
      'Billed Amount',
      'Project Type',
    ])
    const order = projects.sheet.getCell('C2')
    expect(order.value).toBe(1234567.5)
    expect(order.numFmt).toBe('#,##0.00')
    expect(projects.sheet.getCell('D2').value).toBe(0)

    const asset = await client(server, org.admin.token).post('/assets', {
      asset_display_id: 'AST-77',
      name: 'Dosing Pump',
      purchase_date: '2025-03-14',
    })
    expect(asset.statusCode, asset.body).toBe(201)
    const assets = await sheetOf(await get(org.admin.token, '/assets/export?format=xlsx&searchQuery=AST-77'))
    expect(assets.rows[0]).toEqual([
      'Asset ID',
      'Asset Name',
      'Category',
      'Status',
      'Assigned To',
      'Purchase Date',
      'Next Maintenance',
    ])
    const bought = assets.sheet.getCell('F2')
    expect(bought.value).toBeInstanceOf(Date)
    expect((bought.value as Date).toISOString()).toBe('2025-03-14T00:00:00.000Z')
    expect(bought.numFmt).toBe('dd-mm-yyyy')
    const csv = csvLines(await get(org.admin.token, '/assets/export?searchQuery=AST-77'))
    expect(csv[1]).toBe('AST-77,Dosing Pump,,In Stock,,2025-03-14,')
  })

  it('every register and view has its export, /x/export never taken for a record id', async () => {
    for (const path of [
      'projects',
      'projects/archived',
      'suppliers',
      'assets',
      'assets/due-soon',
      'employees',
      'employees/old',
      'technical-info',
      'collections',
    ]) {
      const res = await get(org.admin.token, `/${path}/export?format=xlsx`)
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200)
      expect(res.headers['content-type']).toBe(XLSX)
    }
  })

  it('a staff user gets only the rows on their access list; another organisation none', async () => {
    const list = await get(org.admin.token, '/clients?searchQuery=zenith')
    const zenith = list.json().clients[0].client_id
    await grant(server, org.admin.token, org.staff.userId, 'CLIENT', zenith)
    const staffRows = csvLines(await get(org.staff.token, '/clients/export'))
    expect(staffRows).toEqual(['Name,Client ID,Contact Person,Phone,Email', 'Zenith Pumps,CL-0004,,,'])
    const { rows } = await sheetOf(await get(org.staff2.token, '/clients/export?format=xlsx'))
    expect(rows).toEqual([['Name', 'Client ID', 'Contact Person', 'Phone', 'Email']])
    const outsider = await registerOrg(server, 'Elsewhere')
    expect(csvLines(await get(outsider.admin.token, '/clients/export'))).toHaveLength(1)
  })

  it('refuses before the first byte: no session 401, a bad format or query 400', async () => {
    expect((await client(server).get('/clients/export')).statusCode).toBe(401)
    const bad = await get(org.admin.token, '/clients/export?format=pdf')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Format must be csv or xlsx.')
    expect(
      (await get(org.admin.token, '/reports/export?startDate=2025-02-01&endDate=2025-01-01')).statusCode,
    ).toBe(400)
  })

  it(`reads a long list ${EXPORT_BATCH} at a time, every row once, in the list's order`, async () => {
    const big = await createOrg(server, { name: 'Big Collections' })
    const names = Array.from(
      { length: EXPORT_BATCH * 2 + 7 },
      (_, i) => `Shelf ${String(i).padStart(4, '0')}`,
    )
    await server.deps.db.insert(collections).values(names.map((name) => ({ name, orgId: big.orgId })))
    const admin = await registerOrgAdmin(big.orgId)
    const lines = csvLines(await get(admin, '/collections/export?sortBy=name_desc'))
    expect(lines.slice(1)).toEqual([...names].reverse().map((n) => `${n},`))
    const { rows } = await sheetOf(await get(admin, '/collections/export?format=xlsx'))
    expect(rows.slice(1).map((r) => r[0])).toEqual(names)
    const searched = await sheetOf(await get(admin, '/collections/export?format=xlsx&searchQuery=shelf 1'))
    expect(searched.rows.slice(1).map((r) => r[0])).toEqual(names.filter((n) => n.startsWith('Shelf 1')))
  })
})

async function registerOrgAdmin(orgId: string): Promise<string> {
  const { member } = await import('./registers-helpers.ts')
  return (await member(server, orgId, { isAdmin: true })).token
}

describe('tasks, reports, accounts and the activity', () => {
  it('tasks: the active list (and a tab) and the deleted list, with their filters', async () => {
    const boss = await person(server, org.orgId, { isAdmin: true, fullName: 'Bela Boss' })
    const worker = await person(server, org.orgId, { fullName: 'Wasim Worker' })
    await newTask(boss, { title: 'Inspect pumps', assignTo: worker.username, deadline: '2030-01-15' })
    await newTask(boss, { title: '@SUM(A1) check' })
    const gone = await newTask(boss, { title: 'Old errand' })
    expect((await boss.api.remove(gone.task_id)).statusCode).toBe(200)

    const all = await sheetOf(await get(boss.token, '/tasks/export?format=xlsx&sortBy=lastAdded'))
    expect(all.rows[0]).toEqual(['Task Title', 'Project', 'Client', 'Creator', 'Assignee', 'Deadline'])
    expect(all.rows.slice(1).map((r) => r[0])).toEqual([`'@SUM(A1) check`, 'Inspect pumps'])
    const inspect = all.sheet.getRow(3)
    expect(inspect.getCell(4).value).toBe('Bela Boss')
    expect(inspect.getCell(5).value).toBe('Wasim Worker')
    expect(inspect.getCell(6).value).toEqual(new Date('2030-01-15T00:00:00Z'))
    expect(inspect.getCell(6).numFmt).toBe('dd-mm-yyyy')

    const delegated = csvLines(await get(boss.token, '/tasks/export?tab=delegated'))
    expect(delegated).toEqual([
      'Task Title,Project,Client,Creator,Assignee,Deadline',
      'Inspect pumps,,,Bela Boss,Wasim Worker,2030-01-15',
    ])
    const mine = csvLines(await get(worker.token, '/tasks/export?searchQuery=pumps'))
    expect(mine.slice(1)).toEqual(['Inspect pumps,,,Bela Boss,Wasim Worker,2030-01-15'])
    const deleted = csvLines(await get(boss.token, '/tasks/export?view=deleted'))
    expect(deleted.slice(1)).toEqual(['Old errand,,,Bela Boss,Bela Boss,'])
    // Nobody else's tasks.
    expect(csvLines(await get(org.staff2.token, '/tasks/export'))).toHaveLength(1)
    expect(csvLines(await get(worker.token, '/tasks/export?view=deleted'))).toHaveLength(1)
  })

  it('reports: what the caller may see, with the list filters', async () => {
    await sendReport(server, org.staff, operationsBody([org.staff2.userId]))
    await sendReport(server, org.admin2, operationsBody([org.admin.userId]))
    const admin = await sheetOf(await get(org.admin.token, '/reports/export?format=xlsx'))
    expect(admin.rows[0]).toEqual([
      'Report ID',
      'Report Type',
      'Project Name',
      'From',
      'To',
      'Sent At',
      'Status',
    ])
    expect(admin.rows).toHaveLength(3)
    const sent = admin.sheet.getCell('F2')
    expect(sent.value).toBeInstanceOf(Date)
    expect(sent.numFmt).toBe('dd-mm-yyyy hh:mm')
    const recipient = csvLines(await get(org.staff2.token, '/reports/export'))
    expect(recipient).toHaveLength(2)
    expect(recipient[1]).toContain('Sunil Staff,Tara Staff,')
    expect(csvLines(await get(org.staff2.token, '/reports/export?status=CLOSED'))).toHaveLength(1)
  })

  it('receivables as XLSX: dates and amounts typed; staff of accounts refused 403 before any byte', async () => {
    const acc = await accountsOrg(server, 'Export Accounts')
    await createReceivable(server, acc.accountant, acc.clientId, { invoice_no: '=INV-1' })
    const res = await as(server, acc.accountant).get('/receivables/export?format=xlsx')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="receivables-export-${day(0)}.xlsx"`,
    )
    const { sheet, rows } = await sheetOf(res)
    expect(rows[0]?.slice(0, 5)).toEqual(['Invoice No', 'Invoice Date', 'Due Date', 'Status', 'Client Name'])
    expect(sheet.getCell('A2').value).toBe(`'=INV-1`)
    expect(sheet.getCell('B2').value).toEqual(new Date(`${day(-10)}T00:00:00Z`))
    expect(sheet.getCell('B2').numFmt).toBe('dd-mm-yyyy')
    expect(sheet.getCell('L2').value).toBe(2950)
    expect(sheet.getCell('L2').numFmt).toBe('#,##0.00')
    const csv = csvLines(await as(server, acc.accountant).get('/receivables/export'))
    expect(csv[1]).toMatch(/^'=INV-1,/)
    // Staff are refused once Accounts are open to admins and accountants only.
    const closed = await as(server, acc.admin).put('/admin/organisation', {
      name: 'Export Accounts',
      accounts_access: 'ADMINS_AND_ACCOUNTANTS',
    })
    expect(closed.statusCode, closed.body).toBe(200)
    const refused = await as(server, acc.staff).get('/receivables/export?format=xlsx')
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['content-type']).toContain('application/json')
  })

  it('the activity as XLSX for admins, 403 for staff', async () => {
    const { rows, sheet } = await sheetOf(
      await get(org.admin.token, '/admin/activity/export?format=xlsx&entityType=CLIENT'),
    )
    expect(rows[0]).toEqual(['When', 'User', 'Action', 'Record Type', 'Record ID', 'Requested By', 'Changes'])
    expect(sheet.getCell('A2').value).toBeInstanceOf(Date)
    expect(rows.slice(1).every((r) => r[3] === 'CLIENT')).toBe(true)
    expect((await get(org.staff.token, '/admin/activity/export?format=xlsx')).statusCode).toBe(403)
  })
})
