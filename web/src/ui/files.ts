import type { BucketType } from '@daftar/domain/files'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '../api/client.ts'
import { presignedUrlQuery } from '../api/shared-queries.ts'
import { notifyError } from './notify.ts'

/**
 * View (new tab) and download of a stored file through a short-lived signed URL
 * (GET /get-presigned-url). Failures read 'Could not open file: …' / 'Could not download file: …'.
 */
export function useStoredFile(bucketType: BucketType = 'documents') {
  const queryClient = useQueryClient()
  const signedUrl = (key: string, download: boolean) =>
    // Always a fresh signature: the URL carries the file's current name (it may have been renamed).
    queryClient.fetchQuery({ ...presignedUrlQuery(key, bucketType, download), staleTime: 0 }).then((data) =>
      // fetchQuery returns the raw answer: `select` applies to observers only.
      typeof data === 'string' ? data : (data as { url: string }).url,
    )

  async function view(key: string) {
    // The tab opens inside the click (no pop-up blocker), then goes to the file once it is signed.
    const tab = window.open('', '_blank')
    if (tab) tab.opener = null
    try {
      const url = await signedUrl(key, false)
      if (tab) tab.location.href = url
      else window.open(url, '_blank', 'noopener')
    } catch (error) {
      tab?.close()
      notifyError(`Could not open file: ${errorMessage(error, 'Failed to get view URL')}`)
    }
  }

  async function download(key: string) {
    try {
      const url = await signedUrl(key, true)
      const link = document.createElement('a')
      link.href = url
      link.download = ''
      link.rel = 'noopener'
      document.body.append(link)
      link.click()
      link.remove()
    } catch (error) {
      notifyError(`Could not download file: ${errorMessage(error, 'Failed to get download URL')}`)
    }
  }

  return { view, download }
}
