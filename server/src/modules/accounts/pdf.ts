import { amountInWords, formatDate, type GstTotals, type StoredLineItem, toPaise } from '@daftar/domain'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { upiLink } from './upi.ts'

/** What an invoice prints; its totals under the GST function's names, in rupees. */
export interface InvoicePdfData extends GstTotals {
  org: {
    name: string
    address: string | null
    gstin: string | null
    bankAccountName: string | null
    bankName: string | null
    bankAccountNumber: string | null
    bankIfsc: string | null
    bankBranch: string | null
    upiId: string | null
  }
  client: { name: string; address: string | null; gstin: string | null }
  /** 'Maharashtra (27)'; null where neither the client nor the invoice tells it. */
  placeOfSupply: string | null
  projectName: string | null
  invoiceNo: string
  invoiceDate: string
  dueDate: string | null
  isRcm: boolean
  /** Cancelled: the PDF says so under its title, so that it is never read as a bill to pay. */
  cancelled: boolean
  lines: StoredLineItem[]
  paid: number
  due: number
}

const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const money = (rupees: number) => amount.format(rupees)

export { upiLink }

/** The QR as PNG bytes; the same bytes are placed in the PDF. */
export function upiQrPng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 })
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 }
const INK = '#1f2937'
const MUTED = '#6b7280'
const RULE = '#d1d5db'

/** Columns of the line table: x offset, width, alignment. */
const COLS = [
  { key: '#', w: 22, align: 'left' },
  { key: 'Description', w: 170, align: 'left' },
  { key: 'SAC/HSN', w: 55, align: 'left' },
  { key: 'Qty', w: 60, align: 'right' },
  { key: 'Rate', w: 70, align: 'right' },
  { key: 'GST %', w: 40, align: 'right' },
  { key: 'GST', w: 40, align: 'right' },
  { key: 'Amount', w: 58, align: 'right' },
] as const

/** Renders a receivable invoice (A4) to PDF bytes. */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `Invoice ${data.invoiceNo}`, Author: data.org.name },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const left = PAGE.margin
  const right = PAGE.width - PAGE.margin
  const width = right - left

  // Seller, and the invoice's own facts on the right.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(data.org.name, left, 40, { width: 300 })
  doc.font('Helvetica').fontSize(9).fillColor(MUTED)
  if (data.org.address) doc.text(data.org.address, { width: 300 })
  if (data.org.gstin) doc.fillColor(INK).text(`GSTIN: ${data.org.gstin}`, { width: 300 })
  const sellerBottom = doc.y
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text('TAX INVOICE', 355, 40, { width: 200, align: 'right' })
  doc.font('Helvetica').fontSize(9)
  const facts: [string, string][] = [
    ['Invoice No', data.invoiceNo],
    ['Invoice Date', formatDate(data.invoiceDate)],
    ['Due Date', data.dueDate ? formatDate(data.dueDate) : 'N/A'],
  ]
  let fy = 66
  for (const [label, value] of facts) {
    doc.fillColor(MUTED).text(label, 355, fy, { width: 80 })
    doc.fillColor(INK).text(value, 435, fy, { width: 120, align: 'right' })
    fy += 14
  }
  if (data.cancelled) {
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#b91c1c')
    doc.text('CANCELLED', 355, fy + 2, { width: 200, align: 'right' })
    doc.font('Helvetica').fontSize(9)
    fy += 18
  }

  // Bill To.
  let y = Math.max(sellerBottom, fy) + 16
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke()
  y += 10
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('BILL TO', left, y)
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(data.client.name, left, y + 13, { width: 300 })
  doc.font('Helvetica').fontSize(9)
  if (data.client.address) doc.fillColor(MUTED).text(data.client.address, { width: 300 })
  doc.fillColor(INK).text(`GSTIN: ${data.client.gstin ?? 'Unregistered'}`, { width: 300 })
  if (data.placeOfSupply) doc.text(`Place of Supply: ${data.placeOfSupply}`, { width: 300 })
  if (data.projectName) doc.fillColor(MUTED).text(`Project: ${data.projectName}`, { width: 300 })
  y = doc.y + 14

  // Line items.
  const header = (top: number) => {
    doc.rect(left, top, width, 18).fill('#f3f4f6')
    doc.font('Helvetica-Bold').fontSize(8).fillColor(INK)
    let x = left
    for (const c of COLS) {
      doc.text(c.key, x + 3, top + 5, { width: c.w - 6, align: c.align })
      x += c.w
    }
    return top + 22
  }
  y = header(y)
  doc.font('Helvetica').fontSize(8.5)
  data.lines.forEach((line, i) => {
    const cells = [
      String(i + 1),
      line.description,
      line.sac_code ?? '',
      `${line.qty} ${line.unit}`,
      money(line.rate),
      `${line.gst_rate}%`,
      money(line.gst_amount),
      money(line.basic_amount),
    ]
    const height = Math.max(...cells.map((t, c) => doc.heightOfString(t, { width: COLS[c]!.w - 6 }))) + 6
    if (y + height > PAGE.height - 200) {
      doc.addPage()
      y = header(PAGE.margin)
      doc.font('Helvetica').fontSize(8.5)
    }
    let x = left
    cells.forEach((text, c) => {
      doc.fillColor(INK).text(text, x + 3, y, { width: COLS[c]!.w - 6, align: COLS[c]!.align })
      x += COLS[c]!.w
    })
    y += height
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .strokeColor('#eef0f3')
      .stroke()
  })

  // Totals, each head only when it is not zero.
  if (y > PAGE.height - 260) {
    doc.addPage()
    y = PAGE.margin
  }
  y += 6
  const rows: [string, number, boolean?][] = [['Subtotal', data.subtotal]]
  if (data.cgst) rows.push(['CGST', data.cgst])
  if (data.sgst) rows.push(['SGST', data.sgst])
  if (data.igst) rows.push(['IGST', data.igst])
  if (data.roundOff) rows.push(['Round Off', data.roundOff])
  rows.push(['Total (INR)', data.total, true])
  if (data.paid) rows.push(['Amount Paid', data.paid], ['Balance Due (INR)', data.due, true])
  const totalsTop = y
  for (const [label, value, strong] of rows) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(INK)
    doc.text(label, 345, y, { width: 110 })
    doc.text(money(value), 455, y, { width: 100, align: 'right' })
    y += strong ? 17 : 14
  }
  // Amount in words and the RCM notice on the left of the totals.
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Amount in words', left, totalsTop, { width: 285 })
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text(amountInWords(toPaise(data.total)), { width: 285 })
  if (data.isRcm) {
    doc.moveDown(0.6)
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor('#b91c1c')
      .text('Reverse Charge Mechanism (RCM) Applicable', {
        width: 285,
      })
  }
  y = Math.max(y, doc.y) + 18

  // Bank details and the UPI QR for the amount due.
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke()
  y += 10
  const bank: [string, string | null][] = [
    ['Bank', data.org.bankName],
    ['Account Name', data.org.bankAccountName],
    ['Account No', data.org.bankAccountNumber],
    ['IFSC', data.org.bankIfsc],
    ['Branch', data.org.bankBranch],
  ]
  if (bank.some(([, v]) => v)) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('BANK DETAILS', left, y)
    let by = y + 14
    for (const [label, value] of bank) {
      if (!value) continue
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, left, by, { width: 80 })
      doc.fillColor(INK).text(value, left + 80, by, { width: 220 })
      by += 13
    }
  }
  if (data.org.upiId && data.due > 0) {
    const png = await upiQrPng(upiLink(data.org.upiId, data.org.name, data.due, data.invoiceNo))
    doc.image(png, right - 110, y, { width: 110, height: 110 })
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Scan to pay Rs. ${money(data.due)} with any UPI app`, right - 230, y + 112, {
        width: 230,
        align: 'right',
      })
    doc.text(`UPI: ${data.org.upiId}`, right - 230, y + 123, { width: 230, align: 'right' })
  }
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('This is a computer-generated invoice.', left, PAGE.height - PAGE.margin - 10, {
      width,
      align: 'center',
      lineBreak: false,
    })
  doc.end()
  return done
}
