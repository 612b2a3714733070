/** File types recognised from their first bytes, never from the name or the browser's claim. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf'

/** Containers recognised from their first bytes, whose exact type the name then picks within. */
export type SniffedFamily = SniffedType | 'zip' | 'ole' | 'mp4'

export const SNIFF_BYTES = 16

export function sniffFileType(head: Uint8Array): SniffedType | null {
  const b = (i: number) => head[i]
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to))
  if (b(0) === 0x89 && ascii(1, 4) === 'PNG') return 'image/png'
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  if (ascii(0, 4) === 'GIF8') return 'image/gif'
  if (ascii(0, 5) === '%PDF-') return 'application/pdf'
  return null
}

/** The family of the first bytes: one of the types above, or a container (zip, OLE, ISO media). */
export function sniffFamily(head: Uint8Array): SniffedFamily | null {
  const type = sniffFileType(head)
  if (type) return type
  const b = (i: number) => head[i]
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to))
  if (b(0) === 0x50 && b(1) === 0x4b && (b(2) === 0x03 || b(2) === 0x05) && (b(3) === 0x04 || b(3) === 0x06))
    return 'zip'
  if (b(0) === 0xd0 && b(1) === 0xcf && b(2) === 0x11 && b(3) === 0xe0) return 'ole'
  if (ascii(4, 8) === 'ftyp') return 'mp4'
  return null
}

/** The extensions each recognised family may carry in a file name. */
const extensionsOfFamily: Record<SniffedFamily, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  zip: ['zip', 'docx', 'xlsx', 'pptx'],
  ole: ['doc', 'xls', 'ppt'],
  mp4: ['mp4'],
}
const recognisableExtensions = new Set(Object.values(extensionsOfFamily).flat())

/**
 * True when the name's extension does not contradict the bytes (docs/security.md, "V5 File handling": the type comes from the
 * bytes). A name claiming a recognisable type (.pdf, .png, .docx …) must carry those bytes; other names
 * (.txt, .dwg, none) are stored as they are and served as plain text or raw bytes.
 */
export function nameMatchesBytes(fileName: string, head: Uint8Array): boolean {
  const ext = safeExtension(fileName)
  if (!recognisableExtensions.has(ext)) return true
  const family = sniffFamily(head)
  return family !== null && extensionsOfFamily[family].includes(ext)
}

export const extensionOf: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
}

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  mp4: 'video/mp4',
}

/** Served types come from the stored key's extension; anything unknown downloads as bytes. */
export function contentTypeForKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? ''
  return contentTypes[ext] ?? 'application/octet-stream'
}

/** A safe extension for a stored key, taken from an uploaded file name. */
export function safeExtension(fileName: string): string {
  const match = /\.([a-zA-Z0-9]{1,10})$/.exec(fileName)
  return match ? match[1]!.toLowerCase() : 'bin'
}
