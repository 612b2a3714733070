import { z } from 'zod'
import { endpoint } from './http.ts'

export const MAX_FILE_BYTES = 25 * 1024 * 1024
export const fileTooLargeMessage = 'File size too large. Maximum allowed size is 25MB.'

export const bucketTypes = ['displayPicture', 'attachment', 'completionFile', 'documents'] as const
export type BucketType = (typeof bucketTypes)[number]

export const presignedUrlQuery = z.object({
  key: z.string().min(1).max(500),
  bucketType: z.enum(bucketTypes),
  download: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

/** GET /get-presigned-url. */
export const presignedUrlResponse = z.object({ url: z.string() })

export const fileEndpoints = {
  /** A short-lived signed URL of a stored file, for a caller who may read the record that owns it. */
  presignedUrl: endpoint('GET', '/get-presigned-url', {
    querystring: presignedUrlQuery,
    response: { 200: presignedUrlResponse },
  }),
}

const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const

/** 1536 → "1.5 KB"; bytes under 1 KB stay whole ("512 Bytes"). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return 'N/A'
  if (bytes < 1024) return `${bytes} Bytes`
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}
