import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNED_URL_TTL_SECONDS = 10 * 60

export interface SignedUrlOptions {
  download?: boolean
  /** Name offered to the browser when downloading. */
  fileName?: string
  now?: number
}

/**
 * Short-lived URLs for stored files, served by GET /api/files/<key>. The signature covers the key, the
 * expiry and the disposition, so none of them can be changed.
 */
export function createUrlSigner(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url')
  const payloadOf = (key: string, expires: number, download: boolean, fileName: string) =>
    `${key}\n${expires}\n${download ? 1 : 0}\n${fileName}`

  return {
    sign(key: string, options: SignedUrlOptions = {}): string {
      const expires = Math.floor((options.now ?? Date.now()) / 1000) + SIGNED_URL_TTL_SECONDS
      const download = options.download ?? false
      const fileName = options.fileName ?? ''
      const params = new URLSearchParams({
        expires: String(expires),
        sig: sign(payloadOf(key, expires, download, fileName)),
      })
      if (download) params.set('download', '1')
      if (fileName) params.set('name', fileName)
      return `/api/files/${key}?${params}`
    },
    verify(
      key: string,
      query: { expires?: string; sig?: string; download?: string; name?: string },
      now = Date.now(),
    ): boolean {
      const expires = Number(query.expires)
      if (!Number.isInteger(expires) || expires * 1000 < now || !query.sig) return false
      const expected = Buffer.from(sign(payloadOf(key, expires, query.download === '1', query.name ?? '')))
      const given = Buffer.from(query.sig)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
export type UrlSigner = ReturnType<typeof createUrlSigner>
