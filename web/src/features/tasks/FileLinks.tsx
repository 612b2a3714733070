import type { BucketType } from '@daftar/domain/files'
import { Anchor, Group, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '../../api/client.ts'
import { presignedUrlQuery } from '../../api/shared-queries.ts'
import { notifyError } from '../../ui/notify.ts'

/** 'View | Download' of a stored file, through a short-lived signed URL. */
export function FileLinks({
  fileKey,
  bucketType,
  label,
}: {
  fileKey: string
  bucketType: BucketType
  label: string
}) {
  const queryClient = useQueryClient()
  async function open(download: boolean) {
    try {
      const { url } = await queryClient.fetchQuery(presignedUrlQuery(fileKey, bucketType, download))
      if (download) {
        const a = document.createElement('a')
        a.href = url
        a.download = ''
        document.body.append(a)
        a.click()
        a.remove()
      } else window.open(url, '_blank', 'noopener')
    } catch (error) {
      notifyError(errorMessage(error, download ? 'Failed to get download URL' : 'Failed to get view URL'))
    }
  }
  return (
    <Group gap={6} aria-label={label}>
      <Anchor component="button" type="button" size="sm" onClick={() => open(false)}>
        View
      </Anchor>
      <Text c="dimmed" size="sm">
        |
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={() => open(true)}>
        Download
      </Anchor>
    </Group>
  )
}
