import { newPasswordPair } from '@daftar/domain/auth'
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { notifySuccess } from '../../ui/notify.ts'
import { profileApi } from './api.ts'

const TOAST = 'Password changed successfully'
const FALLBACK_ERROR = 'Error changing password.'

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data: me } = useMe()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<{ text: string; ok: boolean } | null>(null)

  const reset = () => {
    setCurrent('')
    setNext('')
    setConfirm('')
    setFeedback(null)
  }
  const close = () => {
    reset()
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!me) return
    if (!current) return setFeedback({ text: 'Current password is required.', ok: false })
    const check = newPasswordPair.safeParse({ newPassword: next, confirmPassword: confirm })
    if (!check.success) return setFeedback({ text: check.error.issues[0]!.message, ok: false })
    setBusy(true)
    try {
      const res = await profileApi.changePassword(me.user_id, current, next)
      setCurrent('')
      setNext('')
      setConfirm('')
      setFeedback({ text: res.message, ok: true })
      notifySuccess(TOAST)
      // Long enough to read the confirmation, then out of the way.
      setTimeout(close, 1200)
    } catch (error) {
      setFeedback({ text: errorMessage(error, FALLBACK_ERROR), ok: false })
    } finally {
      setBusy(false)
    }
  }

  return (
    // Anchored at the top rather than centred, so that a message appearing above the fields grows the
    // dialog downwards instead of making it jump.
    <Modal opened={opened} onClose={close} title="Change Password" yOffset="12dvh">
      <form onSubmit={submit} noValidate>
        <Stack>
          {feedback && (
            <Alert
              color={feedback.ok ? 'teal' : 'red'}
              variant="light"
              role={feedback.ok ? 'status' : 'alert'}
            >
              {feedback.text}
            </Alert>
          )}
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            required
            data-autofocus
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
