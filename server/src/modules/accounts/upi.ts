/** The UPI link of an invoice, printed as a QR on its PDF and written in its payment reminders. */

/** `upi://pay?pa=…&pn=…&am=…&tn=…`: the payee's UPI id and name, the amount due and a note. */
export function upiLink(upiId: string, payee: string, rupees: number, invoiceNo: string): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%40/g, '@')
  return `upi://pay?pa=${enc(upiId)}&pn=${enc(payee)}&am=${rupees.toFixed(2)}&tn=${enc(`Invoice ${invoiceNo}`)}`
}
