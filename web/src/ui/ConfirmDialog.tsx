import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

export interface ConfirmDialogProps {
  opened: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  /** Shown on the confirm button while busy, e.g. 'Saving...'. */
  busyLabel?: string
  cancelLabel?: string
  color?: string
  busy?: boolean
  /** Keeps the confirm button off until something is done in the dialog (a box ticked). */
  confirmDisabled?: boolean
  onConfirm: () => void
  onCancel: () => void
  /** Extra fields (a comment box, a password) between the message and the buttons. */
  children?: ReactNode
}

/** Every "are you sure?" of the app: one look, one keyboard behaviour. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    opened,
    title,
    message,
    confirmLabel,
    busyLabel,
    cancelLabel = 'Cancel',
    color,
    busy = false,
  } = props
  return (
    <Modal opened={opened} onClose={busy ? () => {} : props.onCancel} title={title} centered zIndex={400}>
      <Stack>
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            color={color}
            onClick={props.onConfirm}
            loading={busy && !busyLabel}
            disabled={busy || props.confirmDisabled}
            data-autofocus
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
