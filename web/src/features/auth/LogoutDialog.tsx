import { authEndpoints } from '@daftar/domain/auth'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { call, signOutLocally } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { beforeLogoutHooks } from './logout-hooks.ts'

/**
 * 'Are you sure you want to logout?' with 'Logout of this device' and 'Logout of all devices'. The
 * device signs out even when the server cannot be reached (docs/product.md, "Sign-in and sessions").
 */
export function LogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState<'this' | 'all' | null>(null)

  async function logout(option: 'this' | 'all') {
    setBusy(option)
    try {
      await Promise.allSettled(beforeLogoutHooks.map((hook) => hook()))
      const body = option === 'all' ? { option } : { option, refreshToken: session.refreshToken() ?? '' }
      await call(authEndpoints.logout, { body })
    } catch {
      // Signing out locally is what matters; the server session expires on its own.
    } finally {
      signOutLocally()
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Logout" centered>
      <Stack>
        <Text>Are you sure you want to logout?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button
            variant="light"
            color="red"
            loading={busy === 'this'}
            disabled={busy !== null}
            onClick={() => logout('this')}
          >
            Logout of this device
          </Button>
          <Button color="red" loading={busy === 'all'} disabled={busy !== null} onClick={() => logout('all')}>
            Logout of all devices
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
