import { Alert } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconWifiOff } from '@tabler/icons-react'

/** Says when the browser is offline: nothing can be saved until it is back. */
export function OfflineBanner() {
  const { online } = useNetwork()
  if (online) return null
  return (
    <Alert color="orange" variant="filled" role="status" icon={<IconWifiOff size={18} />} mb="md" radius="md">
      You are offline. Nothing can be saved until the connection returns; what you have entered stays here.
    </Alert>
  )
}
