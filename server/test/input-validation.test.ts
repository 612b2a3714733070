import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidValueMessage } from '../src/platform/errors.ts'
import { client, errorOf, multipart, startTestServer, type TestServer } from './helpers.ts'
import {
  createClient,
  createProject,
  PDF_BYTES,
  projectBody,
  type RegisterOrg,
  registerOrg,
  sendMultipart,
  storedFiles,
} from './registers-helpers.ts'

// Input that used to reach the database and answer 500 is refused with 400.

let server: TestServer
let org: RegisterOrg

beforeAll(async () => {
  server = await startTestServer()
  org = await registerOrg(server, 'Input Org')
})
afterAll(() => server.close())

const CONTROL = 'Text must not contain control characters.'

describe('control characters', () => {
  it('a NUL byte in the sign-in identifier or password answers 400 before sign-in', async () => {
    for (const payload of [
      { identifier: 'ad\u0000min@example.com', password: 'x' },
      { identifier: org.admin.email, password: 'pass\u0000word' },
    ]) {
      const res = await client(server).post('/auth/login', payload)
      expect(res.statusCode).toBe(400)
      expect(errorOf(res)).toBe(CONTROL)
    }
    const forgot = await client(server).post('/auth/forgot-password', { identifier: 'a\u0000b' })
    expect(forgot.statusCode).toBe(400)
  })

  it('a NUL or other control character in a JSON field, a key, a query or a path answers 400', async () => {
    const api = client(server, org.admin.token)
    for (const res of [
      await api.post('/clients', { name: 'Acme\u0000 Ltd' }),
      await api.post('/clients', { name: 'Bell\u0007 Ltd' }),
      await api.post('/clients', { name: 'Next\u0085Line Ltd' }),
      await api.post('/clients', { name: 'Turned \u202Edtl' }),
      await api.post('/clients', { name: 'Fine', 'extra\u0000': 1 }),
      await api.get('/clients?searchQuery=a%00b'),
      await api.get('/clients/abc%00def'),
    ]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(errorOf(res)).toBe(CONTROL)
    }
  })

  it('half of a UTF-16 surrogate pair in a JSON field answers 400 (a URL decodes one to U+FFFD), not 404 or 500', async () => {
    const api = client(server, org.admin.token)
    for (const res of [
      await api.post('/clients', { name: 'Acme \ud800 Ltd' }),
      await api.put('/clients/' + 'x', { name: 'Tail \udfff' }),
    ]) {
      expect(res.statusCode, res.body).toBe(400)
    }
    // A whole pair (an emoji) is text like any other.
    expect((await api.post('/clients', { name: 'Smile 😀 Traders' })).statusCode).toBe(201)
  })

  it('keeps tabs, line breaks and bidirectional isolates in text', async () => {
    const id = await createClient(server, org.admin.token, { name: 'Tab\tand\nline Co' })
    expect(id).toBeTruthy()
    expect(
      await createClient(server, org.admin.token, { name: 'From \u2067محمد\u2069 Traders' }),
    ).toBeTruthy()
  })

  it('a NUL in a multipart field or file name answers 400 and stores nothing', async () => {
    const before = storedFiles(server)
    const field = await sendMultipart(server, org.admin.token, '/tasks', { title: 'Fix\u0000 it' })
    expect(field.statusCode).toBe(400)
    expect(errorOf(field)).toBe(CONTROL)
    const clientId = await createClient(server, org.admin.token)
    const upload = await sendMultipart(
      server,
      org.admin.token,
      '/documents/upload',
      { entityType: 'CLIENT', entityId: clientId },
      { documentFile: { name: 'a\u0001b.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    expect(upload.statusCode).toBe(400)
    const overridden = await sendMultipart(
      server,
      org.admin.token,
      '/documents/upload',
      { entityType: 'CLIENT', entityId: clientId },
      { documentFile: { name: 'invoice\u202Efdp.exe', type: 'application/pdf', data: PDF_BYTES } },
    )
    expect(overridden.statusCode).toBe(400)
    expect(errorOf(overridden)).toBe(CONTROL)
    expect(storedFiles(server)).toEqual(before)
  })
})

describe("zod's own words", () => {
  it('name the field of a number out of its bounds or a value not among its choices', async () => {
    const api = client(server, org.admin.token)
    for (const [res, message] of [
      [await api.get('/clients?page=-1'), 'Page must be at least 1.'],
      [await api.get('/notifications?limit=100000'), 'Limit must be at most 50.'],
      [
        await api.get('/access?entityType=PLANET&entityId=x'),
        'Entity type must be one of: CLIENT, PROJECT, COLLECTION, ASSET, EMPLOYEE, SUPPLIER, TECHNICAL_INFO.',
      ],
      [await api.post('/auth/refresh-token', { refreshToken: '' }), 'Refresh token is required.'],
      [await api.get('/search?q=%20'), 'Type something to search for.'],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400)
      expect(errorOf(res)).toBe(message)
    }
  })
})

describe('calendar dates', () => {
  it('refuses 2026-02-30 in a task due date', async () => {
    const res = await sendMultipart(server, org.admin.token, '/tasks', {
      title: 'Dated',
      deadline: '2026-02-30',
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorOf(res)).toBe('Dates must be YYYY-MM-DD.')
  })

  it('refuses impossible dates in billing invoices, accounts and register requests', async () => {
    const clientId = await createClient(server, org.admin.token)
    const projectId = await createProject(server, org.admin.token, clientId)
    const invoice = await sendMultipart(
      server,
      org.admin.token,
      `/billing/project/${projectId}`,
      { invoice_no: 'B-1', title: 'Stage 1', amount: '1000', invoice_date: '2026-02-30' },
      { invoice_pdf: { name: 'b.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    expect(invoice.statusCode, invoice.body).toBe(400)
    expect(errorOf(invoice)).toBe('Invoice No, Title, Amount, Date, and PDF are required fields.')
    const cleared = await sendMultipart(
      server,
      org.admin.token,
      `/billing/project/${projectId}`,
      {
        invoice_no: 'B-2',
        title: 'Stage 2',
        amount: '1000',
        invoice_date: '2026-02-27',
        status: 'CLEARED',
        clearance_date: '2026-13-01',
      },
      { invoice_pdf: { name: 'b.pdf', type: 'application/pdf', data: PDF_BYTES } },
    )
    expect(cleared.statusCode, cleared.body).toBe(400)
    expect(errorOf(cleared)).toBe('Dates must be YYYY-MM-DD.')
    // A staff request with an impossible date is refused when made, so none waits unapprovable.
    const staffProject = await client(server, org.staff.token).post(
      '/projects',
      projectBody(clientId, { work_order_details: { number: 'W', date: '2026-02-30', total_value: 1 } }),
    )
    expect(staffProject.statusCode).toBe(400)
  })
})

describe('the database error mapper', () => {
  it('maps invalid text and date values to a clear 400 message', () => {
    expect(invalidValueMessage('22021')).toBe(CONTROL)
    expect(invalidValueMessage('22008')).toMatch(/calendar dates/)
    expect(invalidValueMessage('22007')).toMatch(/calendar dates/)
    expect(invalidValueMessage('23505')).toBeUndefined()
  })
})

describe('truncated multipart bodies', () => {
  it('answer 400 and leave no file and no .part file behind', async () => {
    const clientId = await createClient(server, org.admin.token)
    const body = multipart(
      { entityType: 'CLIENT', entityId: clientId },
      {
        documentFile: {
          name: 'big.pdf',
          type: 'application/pdf',
          data: Buffer.concat([PDF_BYTES, Buffer.alloc(200_000, 0x20)]),
        },
      },
    )
    const cut = body.payload.subarray(0, body.payload.length - 100_000)
    const before = storedFiles(server)
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: cut,
      headers: { ...body.headers, authorization: `Bearer ${org.admin.token}` },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorOf(res)).toMatch(/cut short/)
    const after = storedFiles(server)
    expect(after).toEqual(before)
    const root = server.config.filesDir
    const parts = fs.existsSync(root)
      ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
          path.basename(f).endsWith('.part'),
        )
      : []
    expect(parts).toEqual([])
  })
})

describe('file types come from the bytes', () => {
  const upload = async (name: string, data: Buffer) => {
    const clientId = await createClient(server, org.admin.token)
    return sendMultipart(
      server,
      org.admin.token,
      '/documents/upload',
      { entityType: 'CLIENT', entityId: clientId },
      { documentFile: { name, type: 'application/pdf', data } },
    )
  }
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )

  it('refuses a name whose extension contradicts the bytes, and stores nothing', async () => {
    const before = storedFiles(server)
    for (const [name, data] of [
      ['invoice.pdf', PNG],
      ['photo.png', PDF_BYTES],
      ['sheet.xlsx', Buffer.from('<html><script>alert(1)</script></html>')],
      ['page.pdf', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ] as const) {
      const res = await upload(name, data)
      expect(res.statusCode, name).toBe(400)
      expect(errorOf(res)).toMatch(/content is not what its name says/)
    }
    expect(storedFiles(server)).toEqual(before)
  })

  it('accepts names that agree with the bytes, and names of types not recognised from bytes', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 0)])
    for (const [name, data] of [
      ['scan.PDF', PDF_BYTES],
      ['pixel.png', PNG],
      ['report.docx', zip],
      ['notes.txt', Buffer.from('plain words')],
    ] as const) {
      expect((await upload(name, data)).statusCode, name).toBe(201)
    }
  })
})

describe('length messages', () => {
  it("an over-long value says 'must be at most N characters', not 'is required'", async () => {
    const api = client(server, org.admin.token)
    const long = 'x'.repeat(5000)
    const res = await api.post('/clients', { name: long })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toMatch(/^Name must be at most \d+ characters\.$/)
    const task = await sendMultipart(server, org.admin.token, '/tasks', { title: long })
    expect(task.statusCode).toBe(400)
    expect(errorOf(task)).toMatch(/^Title must be at most \d+ characters\.$/)
  })
})

describe('caching', () => {
  it('JSON answers, signed in or not, carry Cache-Control: no-store', async () => {
    const me = await client(server, org.admin.token).get('/users/me')
    expect(me.headers['cache-control']).toBe('no-store')
    const login = await client(server).post('/auth/login', {
      identifier: org.admin.email,
      password: 'wrong-one',
    })
    expect(login.headers['cache-control']).toBe('no-store')
    const unknown = await client(server).get('/no-such-thing')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['cache-control']).toBe('no-store')
  })
})
