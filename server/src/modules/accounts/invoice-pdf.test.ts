import fs from 'node:fs'
import path from 'node:path'
import { accountMessages } from '@daftar/domain'
import jsQR from 'jsqr'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsOrg,
  accountsOrg,
  as,
  createReceivable,
  day,
  paymentBody,
  receivable,
  sentReceivable,
} from '../../../test/accounts-helpers.ts'
import { errorOf, startTestServer, type TestServer } from '../../../test/helpers.ts'
import { createClient } from '../../../test/registers-helpers.ts'
import { enqueue } from '../../platform/outbox.ts'
import type { InvoiceMail } from './documents.ts'
import { type InvoicePdfData, upiLink, upiQrPng } from './pdf.ts'
import { renderInvoicePdfOffThread } from './pdf-renderer.ts'

let server: TestServer
let org: AccountsOrg

const UPI = 'demoindustries@okaxis'

beforeAll(async () => {
  server = await startTestServer()
  org = await accountsOrg(server, 'Demo Industries')
  const res = await as(server, org.admin).put('/admin/organisation', {
    name: 'Demo Industries',
    gstin: '27AABCD1234E1Z8',
    address: '12 MIDC Road, Pune, Maharashtra 411018',
    bank_name: 'Axis Bank',
    bank_account_name: 'Demo Industries',
    bank_account_number: '918020012345678',
    bank_ifsc: 'UTIB0000123',
    bank_branch: 'Pune Main',
    upi_id: UPI,
  })
  expect(res.statusCode, res.body).toBe(200)
})
afterAll(() => server.close())

/** The stored PDF of an invoice, through get-presigned-url and the signed URL, as the web fetches it. */
async function downloadPdf(key: string): Promise<Buffer> {
  const signed = await as(server, org.accountant).get(
    `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=documents&download=true`,
  )
  expect(signed.statusCode, signed.body).toBe(200)
  const file = await server.app.inject({ method: 'GET', url: signed.json().url })
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-type']).toBe('application/pdf')
  return file.rawPayload
}

interface ParsedPdf {
  text: string
  qr: string[]
}

/** Reads the PDF back: its text, and every image decoded as a QR code. */
async function parsePdf(bytes: Buffer): Promise<ParsedPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
  let text = ''
  const qr: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const content = await page.getTextContent()
    text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`
    const ops = await page.getOperatorList()
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== OPS.paintImageXObject) continue
      const name = ops.argsArray[i][0] as string
      const img = await new Promise<{ width: number; height: number; data: Uint8ClampedArray }>((resolve) =>
        page.objs.get(name, resolve),
      )
      const pixels = img.width * img.height
      const channels = img.data.length / pixels
      const rgba = new Uint8ClampedArray(pixels * 4)
      for (let p = 0; p < pixels; p++) {
        for (let c = 0; c < 3; c++) rgba[p * 4 + c] = img.data[p * channels + (channels >= 3 ? c : 0)]!
        rgba[p * 4 + 3] = 255
      }
      const code = jsQR(rgba, img.width, img.height)
      if (code) qr.push(code.data)
    }
  }
  await pdf.destroy()
  return { text: text.replace(/\s+/g, ' '), qr }
}

describe('the invoice PDF', () => {
  it('is named when the invoice is marked sent: seller, buyer, GSTINs, lines, totals, words and a UPI QR for the due', async () => {
    const id = await sentReceivable(server, org.accountant, org.clientId, {
      invoice_no: 'INV-2026-014',
      project_id: org.projectId,
      line_items: [
        { description: 'Design services', sac_code: '998331', qty: 2, unit: 'Nos', rate: 1250, gst_rate: 18 },
        { description: 'Chemicals', sac_code: '3824', qty: 1, unit: 'Kg', rate: 499.5, gst_rate: 12 },
      ],
    })
    const inv = await receivable(server, org.admin, id)
    expect(inv.invoice_pdf_s3_key).toMatch(/^org\/.+\/receivables\/.+\.pdf$/)
    const { text, qr } = await parsePdf(await downloadPdf(inv.invoice_pdf_s3_key))
    for (const expected of [
      'TAX INVOICE',
      'Demo Industries',
      'GSTIN: 27AABCD1234E1Z8',
      '12 MIDC Road, Pune',
      'BILL TO',
      'Sunrise Textiles',
      'GSTIN: 27AAACS1234A1Z2',
      'Place of Supply: Maharashtra (27)',
      'Project: ETP Upgrade',
      'INV-2026-014',
      'Design services',
      '998331',
      '2 Nos',
      '1,250.00',
      '18%',
      '2,500.00',
      'Subtotal 2,999.50',
      'CGST 254.97',
      'SGST 254.97',
      'Round Off -0.44',
      'Total (INR) 3,509.00',
      'Rupees Three Thousand Five Hundred Nine Only',
      'Axis Bank',
      'UTIB0000123',
      '918020012345678',
      `UPI: ${UPI}`,
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('IGST')
    expect(text).not.toContain('Reverse Charge')
    expect(qr).toEqual([`upi://pay?pa=${UPI}&pn=Demo%20Industries&am=3509.00&tn=Invoice%20INV-2026-014`])
  })

  it('is made anew after a payment and an edit, with the balance due in the QR; RCM is stated', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId, { invoice_no: 'INV-RCM-1' })
    const first = (await receivable(server, org.admin, id)).invoice_pdf_s3_key
    await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(950))
    const afterPayment = await receivable(server, org.admin, id)
    expect(afterPayment.invoice_pdf_s3_key).not.toBe(first)
    const paid = await parsePdf(await downloadPdf(afterPayment.invoice_pdf_s3_key))
    expect(paid.text).toContain('Amount Paid 950.00')
    expect(paid.text).toContain('Balance Due (INR) 2,000.00')
    expect(paid.qr[0]).toContain('&am=2000.00&')
    // The old file is gone and can no longer be signed.
    const old = await as(server, org.admin).get(
      `/get-presigned-url?key=${encodeURIComponent(first)}&bucketType=documents`,
    )
    expect(old.statusCode).toBe(404)

    const edit = await as(server, org.admin).put(`/receivables/${id}`, {
      client_id: org.clientId,
      invoice_no: 'INV-RCM-1',
      invoice_date: afterPayment.invoice_date,
      gst_type: 'INTERSTATE',
      is_rcm: true,
      line_items: [{ description: 'Transport (GTA)', qty: 1, rate: 5000, gst_rate: 5 }],
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const edited = await receivable(server, org.admin, id)
    const { text } = await parsePdf(await downloadPdf(edited.invoice_pdf_s3_key))
    expect(text).toContain('Reverse Charge Mechanism (RCM) Applicable')
    expect(text).toContain('Transport (GTA)')
    expect(text).toContain('Total (INR) 5,000.00')
    expect(text).toContain('Rupees Five Thousand Only')
    expect(text).not.toContain('CGST')
  })

  it('has no QR without a UPI id or once nothing is due; drafts have no PDF', async () => {
    const draft = await createReceivable(server, org.admin, org.clientId)
    expect((await receivable(server, org.admin, draft)).invoice_pdf_s3_key).toBeNull()
    const id = await sentReceivable(server, org.admin, org.clientId)
    await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(2950))
    const { text, qr } = await parsePdf(
      await downloadPdf((await receivable(server, org.admin, id)).invoice_pdf_s3_key),
    )
    expect(text).toContain('Balance Due (INR) 0.00')
    expect(qr).toEqual([])
  })

  it("states the place of supply of a client without a GSTIN from the client's state", async () => {
    const clientId = await createClient(server, org.admin.token, {
      name: 'Mysore Silks',
      state_code: 'Karnataka',
    })
    const id = await sentReceivable(server, org.admin, clientId, {
      invoice_no: 'INV-POS-1',
      gst_type: 'INTERSTATE',
    })
    const { text } = await parsePdf(
      await downloadPdf((await receivable(server, org.admin, id)).invoice_pdf_s3_key),
    )
    expect(text).toContain('GSTIN: Unregistered')
    expect(text).toContain('Place of Supply: Karnataka (29)')
  })

  it('says CANCELLED once the invoice is cancelled, with no balance or QR, and is not emailed', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId, { invoice_no: 'INV-VOID-1' })
    const live = await parsePdf(
      await downloadPdf((await receivable(server, org.admin, id)).invoice_pdf_s3_key),
    )
    expect(live.text).not.toContain('CANCELLED')
    expect((await as(server, org.admin).put(`/receivables/${id}/cancel`)).statusCode).toBe(200)
    const { text, qr } = await parsePdf(
      await downloadPdf((await receivable(server, org.admin, id)).invoice_pdf_s3_key),
    )
    expect(text).toMatch(/TAX INVOICE .*CANCELLED BILL TO/)
    expect(text).not.toContain('Balance Due')
    expect(qr).toEqual([])
    const mail = await as(server, org.admin).post(`/receivables/${id}/email`)
    expect(mail.statusCode).toBe(409)
    expect(errorOf(mail)).toBe(accountMessages.noEmailCancelled)
    // A mail queued while the invoice was live and delivered after the cancel does not go out either.
    // It is queued here directly: through the API the outbox may deliver it before the cancel.
    const queued = { orgId: org.orgId, invoiceId: id, to: 'meera@sunrise.test' } satisfies InvoiceMail
    await enqueue(server.deps.db, 'invoice-mail', queued, org.orgId)
    await server.deps.outbox.drain()
    const dir = server.config.outboxDir
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : []
    const sent = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    expect(sent.filter((m) => m.includes('Invoice INV-VOID-1'))).toEqual([])
  })

  it('renders the QR as a PNG that decodes to the same UPI link', async () => {
    const link = upiLink('shop@upi', 'A & B Traders', 1234.5, 'X/1')
    expect(link).toBe('upi://pay?pa=shop@upi&pn=A%20%26%20B%20Traders&am=1234.50&tn=Invoice%20X%2F1')
    const png = PNG.sync.read(await upiQrPng(link))
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link)
  })

  it('signs a PDF for whoever may open Accounts in its organisation, no one else', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const key = (await receivable(server, org.admin, id)).invoice_pdf_s3_key
    const url = `/get-presigned-url?key=${encodeURIComponent(key)}&bucketType=documents`
    // Everyone, in a new organisation (the admins-only case: accounts-access.test.ts).
    expect((await as(server, org.staff).get(url)).statusCode).toBe(200)
    const outsider = await accountsOrg(server, 'Elsewhere')
    expect((await as(server, outsider.admin).get(url)).statusCode).toBe(404)
    expect((await as(server, org.admin).get(url)).statusCode).toBe(200)
  })
})

describe('the PDF is drawn on download, cached by version (docs/decisions.md, "Invoice PDFs are drawn on download")', () => {
  const stored = (key: string) => server.deps.storage.exists(key)

  it('a GET of the document writes nothing: no file is made and its key stays', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId, { invoice_no: 'INV-READ-1' })
    const key = (await receivable(server, org.admin, id)).invoice_pdf_s3_key
    expect(key).toMatch(/^org\/.+\/receivables\/.+\.pdf$/)
    const listed = await as(server, org.admin).get('/receivables?searchQuery=INV-READ-1')
    expect(listed.statusCode).toBe(200)
    expect((await receivable(server, org.admin, id)).invoice_pdf_s3_key).toBe(key)
    expect(await stored(key)).toBe(false)
    // The download draws it once; downloading again serves the same file.
    const first = await downloadPdf(key)
    expect(await stored(key)).toBe(true)
    expect((await parsePdf(first)).text).toContain('INV-READ-1')
    expect((await downloadPdf(key)).equals(first)).toBe(true)
  })

  it('after an edit the document names a new key, whose download shows the edit; the old file is gone', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId, { invoice_no: 'INV-EDIT-1' })
    const before = await receivable(server, org.admin, id)
    await downloadPdf(before.invoice_pdf_s3_key)
    const edit = await as(server, org.admin).put(`/receivables/${id}`, {
      client_id: org.clientId,
      invoice_no: 'INV-EDIT-1',
      invoice_date: before.invoice_date,
      line_items: [{ description: 'Commissioning visit', qty: 3, rate: 700, gst_rate: 18 }],
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const after = await receivable(server, org.admin, id)
    expect(after.invoice_pdf_s3_key).not.toBe(before.invoice_pdf_s3_key)
    expect(await stored(before.invoice_pdf_s3_key)).toBe(false)
    expect(await stored(after.invoice_pdf_s3_key)).toBe(false)
    const bytes = await downloadPdf(after.invoice_pdf_s3_key)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await parsePdf(bytes)
    expect(text).toContain('Commissioning visit')
    expect(text).toContain('Total (INR) 2,478.00')
  })

  it('a payment change that prints nothing new (its notes) keeps the key and the file', async () => {
    const id = await sentReceivable(server, org.admin, org.clientId)
    const paid = await as(server, org.admin).post(`/receivables/${id}/payments`, paymentBody(500))
    expect(paid.statusCode, paid.body).toBe(201)
    const { payment_id: paymentId, version } = paid.json().payment
    const key = (await receivable(server, org.admin, id)).invoice_pdf_s3_key
    await downloadPdf(key)
    const noted = await as(server, org.admin).put(
      `/payments/${paymentId}`,
      { amount: 500, payment_date: day(-1), mode: 'Cheque', notes: 'Cheque cleared' },
      { 'if-match': String(version) },
    )
    expect(noted.statusCode, noted.body).toBe(200)
    expect((await receivable(server, org.admin, id)).invoice_pdf_s3_key).toBe(key)
    expect(await stored(key)).toBe(true)
  })
})

describe('drawing a PDF', () => {
  it('happens off the event loop: a 200-line invoice of 1,000-character words does not stall requests', async () => {
    const line = {
      description: 'x'.repeat(1000),
      sac_code: '998719',
      qty: 1,
      unit: 'Nos',
      rate: 100,
      gst_rate: 18,
      gst_amount: 18,
      basic_amount: 100,
    }
    const none = { address: null, gstin: null }
    const data = {
      org: { name: 'Heavy Org', ...none, bankAccountName: null, bankName: null, bankAccountNumber: null },
      client: { name: 'Heavy Client', ...none },
      projectName: null,
      invoiceNo: 'INV-HEAVY',
      invoiceDate: '2026-11-01',
      dueDate: null,
      isRcm: false,
      lines: Array.from({ length: 200 }, () => line),
      subtotal: 20000,
      cgst: 1800,
      sgst: 1800,
      igst: 0,
      roundOff: 0,
      total: 23600,
      paid: 0,
      due: 23600,
    } as unknown as InvoicePdfData
    let longestGap = 0
    let last = performance.now()
    const ticker = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 20)
    const started = performance.now()
    const pdf = await renderInvoicePdfOffThread(data)
    const took = performance.now() - started
    clearInterval(ticker)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    // The drawing takes seconds; the event loop never waits for it more than a moment.
    expect(took).toBeGreaterThan(500)
    expect(longestGap).toBeLessThan(400)
  }, 120_000)
})

describe('Email invoice', () => {
  it('mails the PDF to the client’s first contact email through the outbox', async () => {
    const id = await sentReceivable(server, org.accountant, org.clientId, { invoice_no: 'INV-MAIL-1' })
    const res = await as(server, org.accountant).post(`/receivables/${id}/email`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Invoice INV-MAIL-1 will be emailed to meera@sunrise.test.')
    await server.deps.outbox.drain()
    const dir = server.config.outboxDir
    const mail = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((m) => m.includes('Subject: Invoice INV-MAIL-1 from Demo Industries'))
    expect(mail).toBeDefined()
    expect(mail).toContain('To: meera@sunrise.test')
    expect(mail).toMatch(/filename="?Invoice INV-MAIL-1\.pdf"?/)
    expect(mail).toContain('Content-Type: application/pdf')
  })

  it('needs a PDF and a contact email', async () => {
    const draft = await createReceivable(server, org.admin, org.clientId)
    const noPdf = await as(server, org.admin).post(`/receivables/${draft}/email`)
    expect(noPdf.statusCode).toBe(409)
    expect(errorOf(noPdf)).toBe(accountMessages.noPdf)
    const silent = await createClient(server, org.admin.token, { name: 'No Mail Ltd' })
    const id = await sentReceivable(server, org.admin, silent)
    const noMail = await as(server, org.admin).post(`/receivables/${id}/email`)
    expect(noMail.statusCode).toBe(422)
    expect(errorOf(noMail)).toBe(accountMessages.noContactEmail)
  })
})
