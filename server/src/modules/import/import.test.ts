import { monitorEventLoopDelay } from 'node:perf_hooks'
import { IMPORT_MAX_ROWS, type ImportResult, importMessages } from '@daftar/domain'
import { and, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  errorOf,
  multipart,
  PNG_1PX,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts'
import { createClient, type RegisterOrg, registerOrg } from '../../../test/registers-helpers.ts'
import { auditEvents } from '../../platform/schema.ts'
import { suppliers } from '../suppliers/schema.ts'
import { technicalInfo } from '../technical-info/schema.ts'
import { mostSheetRows } from './xlsx-rows.ts'

let server: TestServer
let org: RegisterOrg
let other: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server)
  other = await registerOrg(server)
})
afterAll(() => server.close())

const csv = (lines: string[][]) =>
  Buffer.from(
    lines
      .map((l) => l.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\r\n'),
  )

/**
 * A minimal XLSX whose one sheet holds a 'Title' header and `rows` rows of a hundred shared texts,
 * zipped with jszip: exceljs takes seconds to write a few hundred thousand rows.
 */
function bigXlsx(rows: number): Promise<Buffer> {
  const texts = ['Title', ...Array.from({ length: 100 }, (_, i) => `Row ${i}`)]
  const cell = (r: number) =>
    `<row r="${r}"><c r="A${r}" t="s"><v>${r === 1 ? 0 : 1 + (r % 100)}</v></c></row>`
  const ns = 'http://schemas.openxmlformats.org'
  const zip = new JSZip()
  zip.file(
    'xl/workbook.xml',
    `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  )
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  )
  zip.file(
    'xl/sharedStrings.xml',
    `<sst xmlns="${ns}/spreadsheetml/2006/main">${texts.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`,
  )
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${Array.from({ length: rows + 1 }, (_, i) => cell(i + 1)).join('')}</sheetData></worksheet>`,
  )
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } })
}

async function upload(
  token: string,
  register: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipart(
    { dry_run: 'true', ...fields },
    { file: { ...file, type: 'application/octet-stream' } },
  )
  return client(server, token).post(`/import/${register}`, body.payload, body.headers)
}

const run = async (token: string, register: string, file: { name: string; data: Buffer }, fields = {}) => {
  const res = await upload(token, register, file, fields)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ImportResult
}

const supplierSheet = () =>
  csv([
    [
      'Supplier Name',
      'GSTIN',
      'Product Category',
      'Contact Person Name',
      'Contact Phone',
      'IFSC',
      'Account Number',
    ],
    [
      'Sharma Electricals',
      '27AAPFU0939F1ZV',
      'Electrical',
      'Ravi Sharma',
      '+91 98220 54321',
      'SBIN0001234',
      '30123456789',
    ],
    ['Bad Gst Traders', '27AAPFU0939F1ZX', 'Hardware', '', '', '', ''],
    ['Patel Cement', '', 'Cement', 'M. Patel', '', 'BADIFSC', ''],
    ['Kumar Paints', '', 'Paints', '', '', '', ''],
  ])

describe('POST /import/{register}', () => {
  it('a dry run checks every row with the form schema, names the row and the column, and writes nothing', async () => {
    const result = await run(org.admin.token, 'suppliers', { name: 'suppliers.csv', data: supplierSheet() })
    expect(result).toMatchObject({ dry_run: true, rows: 4, valid: 2, invalid: 2, duplicates: 0, created: 0 })
    expect(result.errors).toEqual([
      { row: 3, column: 'GSTIN', message: expect.stringMatching(/GSTIN/) },
      { row: 4, column: 'IFSC', message: expect.stringMatching(/IFSC/) },
    ])
    expect(result.preview).toHaveLength(2)
    expect(result.preview[0]).toMatchObject({
      'Supplier name': 'Sharma Electricals',
      'Contact phone': '+91 98220 54321',
    })
    expect(result.headers.map((h) => h.column)).toEqual([
      'name',
      'gstin',
      'product_category',
      'contact_name',
      'contact_phone',
      'ifsc_code',
      'account_no',
    ])
    const [{ n }] = (await server.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(eq(suppliers.orgId, org.orgId))) as [{ n: number }]
    expect(n).toBe(0)
  })

  it('a real run saves the good rows in one go, records the import, and offers the bad rows as a file to fix', async () => {
    const result = await run(
      org.admin.token,
      'suppliers',
      { name: 'suppliers.csv', data: supplierSheet() },
      { dry_run: 'false' },
    )
    expect(result).toMatchObject({ dry_run: false, created: 2, updated: 0, invalid: 2, failed_batches: [] })
    const list = (await client(server, org.admin.token).get('/suppliers?limit=50')).json().suppliers
    expect(list.map((s: { name: string }) => s.name).sort()).toEqual(['Kumar Paints', 'Sharma Electricals'])
    // The other organisation sees none of it.
    expect((await client(server, other.admin.token).get('/suppliers')).json().suppliers).toEqual([])

    const lines = result
      .error_file!.replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Supplier Name,GSTIN,Product Category,Contact Person Name,Contact Phone,IFSC,Account Number,Errors',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^Bad Gst Traders,27AAPFU0939F1ZX,.*GSTIN: /)
    expect(lines[2]).toMatch(/^Patel Cement,.*BADIFSC,,IFSC: /)

    const events = await server.deps.db
      .select({ action: auditEvents.action, details: auditEvents.details, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.entityType, 'SUPPLIER')))
    expect(events.filter((e) => e.action === 'IMPORT_CREATE')).toHaveLength(2)
    expect(events.find((e) => e.action === 'IMPORT_CREATE')!.details).toMatchObject({
      file_name: 'suppliers.csv',
    })
    expect(events.find((e) => e.action === 'IMPORT')!.after).toMatchObject({
      created: 2,
      invalid: 2,
      rows: 4,
    })
    // The record's History says it came from an import.
    const sharma = list.find((s: { name: string }) => s.name === 'Sharma Electricals')
    const history = (
      await client(server, org.admin.token).get(`/history/SUPPLIER/${sharma.supplier_id}`)
    ).json()
    expect(history[0]).toMatchObject({ action: 'IMPORT_CREATE', summary: 'Imported' })
    expect(history[0].changes).toContainEqual(
      expect.objectContaining({ label: 'Bank Details › IFSC', to: 'SBIN0001234' }),
    )

    // The fixed error file goes in again; the rows already taken are duplicates, skipped.
    const fixed = Buffer.from(
      result.error_file!.replace('27AAPFU0939F1ZX', '').replace('BADIFSC', 'HDFC0000123'),
    )
    const again = await run(
      org.admin.token,
      'suppliers',
      { name: 'fixed.csv', data: fixed },
      { dry_run: 'false' },
    )
    expect(again.errors).toEqual([])
    expect(again.created).toBe(2)
    const repeat = await run(
      org.admin.token,
      'suppliers',
      { name: 'suppliers.csv', data: supplierSheet() },
      { dry_run: 'false' },
    )
    expect(repeat).toMatchObject({ created: 0, duplicates: 2, skipped: 2 })
    expect(repeat.errors.filter((e) => e.message === importMessages.duplicate).map((e) => e.row)).toEqual([
      2, 5,
    ])
  })

  it("'Update existing' changes the matched record with the file's filled cells and leaves blank ones alone", async () => {
    const sheet = csv([
      ['Supplier Name', 'GSTIN', 'Product Category', 'Website'],
      ['Sharma Electricals Pvt Ltd', '27AAPFU0939F1ZV', 'Electrical & Solar', ''],
    ])
    const result = await run(
      org.admin.token,
      'suppliers',
      { name: 'u.csv', data: sheet },
      { dry_run: 'false', duplicates: 'update' },
    )
    expect(result).toMatchObject({ created: 0, updated: 1, duplicates: 1 })
    const [row] = await server.deps.db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.orgId, org.orgId), eq(suppliers.gstin, '27AAPFU0939F1ZV')))
    expect(row).toMatchObject({ name: 'Sharma Electricals Pvt Ltd', productCategory: 'Electrical & Solar' })
    // The contact from the first import is kept: its cells were not in this file.
    expect(row!.contacts).toEqual([{ name: 'Ravi Sharma', phone: '+91 98220 54321', email: null }])
  })

  it('imports of the same new records at once create each record once (run on PostgreSQL in CI)', async () => {
    const team = await registerOrg(server)
    const names = Array.from({ length: 30 }, (_, i) => [`Racing Supplier ${i}`, `Shop ${i}, Pune`])
    const sheet = csv([['Supplier Name', 'Address'], ...names])
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(team.admin.token, 'suppliers', { name: 'race.csv', data: sheet }, { dry_run: 'false' }),
      ),
    )
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(30)
    expect(results.reduce((n, r) => n + r.created + r.skipped, 0)).toBe(4 * 30)
    const [row] = await server.deps.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct name)::int` })
      .from(suppliers)
      .where(eq(suppliers.orgId, team.orgId))
    expect(row).toEqual({ n: 30, distinct: 30 })
  })

  it('clients continue the CL- series; repeats inside one file are caught', async () => {
    await createClient(server, org.admin.token, { name: 'Existing Client' })
    const result = await run(
      org.admin.token,
      'clients',
      {
        name: 'clients.csv',
        data: csv([
          ['client name', 'OFFICE ADDRESS', 'contact_email', 'State'],
          ['Metro Pharma', 'Pune', 'kiran@example.com', 'maharashtra'],
          ['Delta Foods', 'Nashik', '', '27'],
          ['metro  pharma', 'pune', '', ''],
          ['Nowhere Ltd', 'Atlantis', '', 'Atlantis'],
        ]),
      },
      { dry_run: 'false' },
    )
    expect(result).toMatchObject({ created: 2, duplicates: 1 })
    expect(result.errors).toEqual([
      { row: 4, column: null, message: importMessages.duplicateInFile(2) },
      { row: 5, column: 'State', message: 'Choose a state from the list.' },
    ])
    const list = (await client(server, org.admin.token).get('/clients?limit=50')).json().clients
    const ids = Object.fromEntries(
      list.map((c: { name: string; client_id_display: string }) => [c.name, c.client_id_display]),
    )
    expect(ids).toMatchObject({
      'Existing Client': 'CL-0001',
      'Metro Pharma': 'CL-0002',
      'Delta Foods': 'CL-0003',
    })
    const metro = list.find((c: { name: string }) => c.name === 'Metro Pharma')
    expect((await client(server, org.admin.token).get(`/clients/${metro.client_id}`)).json().state_code).toBe(
      '27',
    )
  })

  it('projects name their client by name or ID; an unknown one is an error of the Client column', async () => {
    const result = await run(
      org.admin.token,
      'projects',
      {
        name: 'projects.csv',
        data: csv([
          ['Project Name', 'Client', 'Work order date', 'Total value'],
          ['Riverside', 'metro pharma', '05-03-2026', '₹ 12,50,000.50'],
          ['Hilltop', 'CL-0003', '2026-04-01', '1,200'],
          ['Nowhere', 'No Such Co', '', ''],
          ['Bad Money', 'CL-0003', '31/02/2026', 'twelve'],
        ]),
      },
      { dry_run: 'false' },
    )
    expect(result.created).toBe(2)
    expect(result.errors).toEqual([
      { row: 4, column: 'Client', message: importMessages.clientNotFound },
      { row: 5, column: 'Work order date', message: importMessages.noSuchDate('31/02/2026') },
      { row: 5, column: 'Total value', message: 'Enter a valid amount.' },
    ])
    const list = (await client(server, org.admin.token).get('/projects?limit=50')).json().projects
    const riverside = list.find((p: { name: string }) => p.name === 'Riverside')
    const detail = (await client(server, org.admin.token).get(`/projects/${riverside.project_id}`)).json()
    expect(detail.work_order_details).toMatchObject({ date: '2026-03-05', total_value: 1250000.5 })
  })

  it('reads an XLSX: real dates and numbers, a formula refused, headers mapped by the admin', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Staff')
    sheet.addRow(['Name', 'Emp Code', 'DOJ', 'Gender', 'Aadhaar', 'Salary Band'])
    sheet.addRow(['Asha Verma', 'E-100', new Date(Date.UTC(2025, 3, 1)), 'female', '', 'B'])
    sheet.addRow(['Ravi Kumar', 'E-101', '15/06/2024', 'Male', '234123412346', 'C'])
    sheet.addRow(['Formula Man', { formula: 'CONCAT("E-","102")', result: 'E-102' }, '', '', '', ''])
    sheet.addRow(['Bad Aadhaar', 'E-103', '', 'Robot', '234123412347', ''])
    const data = Buffer.from(await workbook.xlsx.writeBuffer())
    const mapping = JSON.stringify({ 'Emp Code': 'employee_official_id', 'Salary Band': '' })
    const result = await run(
      org.admin.token,
      'employees',
      { name: 'staff.xlsx', data },
      { dry_run: 'false', mapping },
    )
    expect(result.headers).toEqual([
      { header: 'Name', column: 'full_name' },
      { header: 'Emp Code', column: 'employee_official_id' },
      { header: 'DOJ', column: 'joining_date' },
      { header: 'Gender', column: 'gender' },
      { header: 'Aadhaar', column: 'aadhar_no' },
      { header: 'Salary Band', column: null },
    ])
    expect(result.created).toBe(2)
    expect(result.errors).toEqual([
      { row: 4, column: 'Employee Official ID', message: importMessages.formula },
      { row: 5, column: 'Gender', message: 'Gender must be one of: Male, Female, Other, Prefer not to say.' },
      { row: 5, column: 'Aadhaar no.', message: expect.stringMatching(/Aadhaar/) },
    ])
    const list = (await client(server, org.admin.token).get('/employees?limit=50')).json().employees
    const asha = list.find((e: { full_name: string }) => e.full_name === 'Asha Verma')
    const detail = (await client(server, org.admin.token).get(`/employees/${asha.employee_id}`)).json()
    expect(detail).toMatchObject({ joining_date: '2025-04-01', gender: 'Female' })
  })

  it('assets read Indian money and refuse an Asset ID already used', async () => {
    const sheet = csv([
      ['Asset ID', 'Asset Name', 'Status', 'Purchase cost'],
      ['LAP-1', 'Laptop', 'in use', '₹ 82,500.00'],
    ])
    const first = await run(org.admin.token, 'assets', { name: 'a.csv', data: sheet }, { dry_run: 'false' })
    expect(first.created).toBe(1)
    const second = await run(org.admin.token, 'assets', { name: 'a.csv', data: sheet }, { dry_run: 'false' })
    expect(second).toMatchObject({ created: 0, duplicates: 1 })
    const list = (await client(server, org.admin.token).get('/assets')).json().assets
    expect(list[0]).toMatchObject({ asset_display_id: 'LAP-1', status: 'In Use' })
  })

  it('a CSV cell is judged as it will be stored: a formula behind leading spaces is still refused', async () => {
    const data = csv([
      ['Title', 'Description'],
      [' =1+1 leading space', 'x'],
      ['\t=HYPERLINK("http://x.example")', 'y'],
    ])
    const result = await run(org.admin.token, 'technical-info', { name: 'f.csv', data }, { dry_run: 'false' })
    expect(result).toMatchObject({ created: 0, invalid: 2 })
    expect(result.errors).toEqual([
      { row: 2, column: 'Title', message: importMessages.formula },
      { row: 3, column: 'Title', message: importMessages.formula },
    ])
    const stored = await server.deps.db
      .select({ title: technicalInfo.title })
      .from(technicalInfo)
      .where(and(eq(technicalInfo.orgId, org.orgId), sql`${technicalInfo.title} like '=%'`))
    expect(stored).toEqual([])
  })

  it('a text over its limit names the column and the limit; a date names the forms it may take', async () => {
    const texts = csv([
      ['Title', 'Description'],
      ['Long description', 'd'.repeat(20_001)],
      ['t'.repeat(301), ''],
    ])
    const long = await run(org.admin.token, 'technical-info', { name: 'l.csv', data: texts })
    expect(long.errors).toEqual([
      { row: 2, column: 'Description', message: 'Description must be at most 20,000 characters.' },
      { row: 3, column: 'Title', message: 'Title must be at most 300 characters.' },
    ])
    const dates = csv([
      ['Asset ID', 'Asset name', 'Purchase date', 'Warranty expires on'],
      ['D-1', 'Drill', '30-02-2026', '15-01-2026'],
      ['D-2', 'Saw', 'next Monday', '2026/13/01'],
    ])
    const result = await run(org.admin.token, 'assets', { name: 'd.csv', data: dates })
    expect(result.errors).toEqual([
      { row: 2, column: 'Purchase date', message: 'The date 30-02-2026 does not exist.' },
      {
        row: 3,
        column: 'Purchase date',
        message: 'Dates must be DD-MM-YYYY, DD/MM/YYYY, 5-Mar-2026 or YYYY-MM-DD.',
      },
      { row: 3, column: 'Warranty expires on', message: 'The date 2026/13/01 does not exist.' },
    ])
  })

  it('takes a file over 1,000 rows in batches and reads Windows-1252 text as Excel saves it', async () => {
    const rows = Array.from({ length: 1_201 }, (_, i) => `Café ${i},Note ${i}`)
    const data = Buffer.from(['Title,Description', ...rows].join('\r\n'), 'latin1')
    const result = await run(
      org.admin.token,
      'technical-info',
      { name: 'tech.csv', data },
      { dry_run: 'false' },
    )
    expect(result).toMatchObject({ rows: 1_201, created: 1_201, failed_batches: [] })
    const found = (
      await client(server, org.admin.token).get('/technical-info?search=Caf%C3%A9%201200')
    ).json()
    expect(found.technicalInfo ?? found.items ?? found.technical_info).toBeDefined()
    const [{ n }] = (
      await server.deps.db.execute<{ n: number }>(
        sql`select count(*)::int as n from technical_info where org_id = ${org.orgId} and title like 'Café %'`,
      )
    ).rows as [{ n: number }]
    expect(n).toBe(1_201)
  })
})

describe('bad files get a clear answer, never a 500', () => {
  const cases: [string, { name: string; data: Buffer }, number, string][] = [
    ['a picture', { name: 'photo.csv', data: PNG_1PX }, 422, importMessages.notSpreadsheet],
    ['an empty file', { name: 'e.csv', data: Buffer.alloc(0) }, 400, importMessages.empty],
    ['blank lines only', { name: 'e.csv', data: Buffer.from('\r\n\r\n') }, 400, importMessages.empty],
    [
      'a header only',
      { name: 'h.csv', data: Buffer.from('\uFEFFClient Name,GSTIN\r\n') },
      400,
      importMessages.headerOnly,
    ],
    [
      'no known header',
      { name: 'n.csv', data: Buffer.from('foo,bar\r\n1,2\r\n') },
      422,
      importMessages.noHeader('Clients'),
    ],
    [
      'an old .xls',
      { name: 'o.xls', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
      422,
      importMessages.oldExcel,
    ],
    [
      'a broken xlsx',
      { name: 'b.xlsx', data: Buffer.from('PK\u0003\u0004garbage') },
      422,
      importMessages.unreadableXlsx,
    ],
  ]
  for (const [what, file, status, message] of cases) {
    it(what, async () => {
      const res = await upload(org.admin.token, 'clients', file)
      expect(res.statusCode, res.body).toBe(status)
      expect(errorOf(res)).toBe(message)
    })
  }

  it('a UTF-8 byte-order mark does not hide the first header', async () => {
    const result = await run(org.admin.token, 'clients', {
      name: 'b.csv',
      data: Buffer.from('\uFEFFClient Name\r\nBom Co\r\n'),
    })
    expect(result.headers[0]).toEqual({ header: 'Client Name', column: 'name' })
  })

  it('too many rows, and a file over the size limit', async () => {
    const many = Buffer.from(`Title\n${'x\n'.repeat(IMPORT_MAX_ROWS + 1)}`)
    const res = await upload(org.admin.token, 'technical-info', { name: 'm.csv', data: many })
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toBe(importMessages.tooManyRows(IMPORT_MAX_ROWS + 1))
    const big = await upload(org.admin.token, 'clients', {
      name: 'big.csv',
      data: Buffer.alloc(21 * 1024 * 1024, 'a'),
    })
    expect(big.statusCode).toBe(413)
    expect(errorOf(big)).toBe(importMessages.tooLarge)
  })

  it('an XLSX over the row limit is refused before the workbook is loaded, other requests answered meanwhile', async () => {
    const data = await bigXlsx(300_000)
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const started = performance.now()
    const [res, me] = await Promise.all([
      upload(org.admin.token, 'technical-info', { name: 'big.xlsx', data }),
      client(server, org.admin.token).get('/users/me'),
    ])
    const took = performance.now() - started
    delay.disable()
    // Loading the whole workbook first took 6 s here.
    expect(took).toBeLessThan(3_000)
    expect(res.statusCode, res.body).toBe(413)
    expect(errorOf(res)).toBe(importMessages.tooManyRows())
    expect(me.statusCode).toBe(200)
    // Counting the rows leaves the event loop free between the chunks it inflates.
    expect(delay.max / 1e6).toBeLessThan(500)
  })

  it('a CSV whose quote never closes is refused, naming the line', async () => {
    const data = Buffer.from(
      'Title,Description\r\nFine,ok\r\n"Broken quote,k1\r\nSecond row,k2\r\nThird row,k3\r\n',
    )
    const res = await upload(org.admin.token, 'technical-info', { name: 'q.csv', data }, { dry_run: 'false' })
    expect(res.statusCode, res.body).toBe(422)
    expect(errorOf(res)).toBe(importMessages.badQuotes(3))
  })

  it('a mapping naming an unknown column', async () => {
    const res = await upload(
      org.admin.token,
      'clients',
      { name: 'c.csv', data: Buffer.from('A\r\nx\r\n') },
      { mapping: JSON.stringify({ A: 'password_hash' }) },
    )
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toBe(importMessages.mappingUnknown)
  })
})

describe('who may import', () => {
  it('staff may neither import nor take a template; an unknown register is not found', async () => {
    const res = await upload(org.staff.token, 'clients', {
      name: 'c.csv',
      data: Buffer.from('Client Name\r\nX\r\n'),
    })
    expect(res.statusCode).toBe(403)
    expect((await client(server, org.staff.token).get('/import/clients/template')).statusCode).toBe(403)
    expect(
      (await upload(org.admin.token, 'users', { name: 'c.csv', data: Buffer.from('a\r\nb') })).statusCode,
    ).toBe(404)
  })

  it('admins take a template with the labels and an example row, as CSV or XLSX', async () => {
    const res = await client(server, org.admin.token).get('/import/suppliers/template?format=csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="suppliers-import-template.csv"')
    const [header, example] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header!.split(',').slice(0, 3)).toEqual(['Supplier name', 'Product category', 'GSTIN'])
    expect(example).toMatch(/^Sharma Electricals,Electrical,27AAPFU0939F1ZV,/)
    // The example row imports as it is.
    const check = await run(org.admin.token, 'suppliers', { name: 't.csv', data: Buffer.from(res.body) })
    expect(check.errors.filter((e) => e.message !== importMessages.duplicate)).toEqual([])

    const xlsx = await client(server, org.admin.token).get('/import/employees/template?format=xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getRow(1).getCell(1).value).toBe('Full name')
    expect(sheet.getRow(2).getCell(1).value).toBe('Asha Verma')
  })
})

describe("counting an XLSX's rows from its zip", () => {
  it('counts every row of the sheet, across the chunks it is inflated in, and stops at the limit', async () => {
    const [limit, over] = [await bigXlsx(IMPORT_MAX_ROWS), await bigXlsx(IMPORT_MAX_ROWS + 1)]
    expect(await mostSheetRows(limit, IMPORT_MAX_ROWS + 2)).toBe(IMPORT_MAX_ROWS + 1)
    expect(await mostSheetRows(over, IMPORT_MAX_ROWS + 2)).toBe(IMPORT_MAX_ROWS + 2)
    expect(await mostSheetRows(limit, 10)).toBeLessThan(IMPORT_MAX_ROWS)
  })

  it('the template as exceljs writes it', async () => {
    const xlsx = await client(server, org.admin.token).get('/import/employees/template?format=xlsx')
    expect(await mostSheetRows(xlsx.rawPayload, 100)).toBe(2)
  })
})
