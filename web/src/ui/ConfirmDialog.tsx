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

/**
 * Every "are you sure?" of the app: one look, one keyboard behaviour. A destructive one (red) opens
 * with the focus on Cancel, so that Enter after Escape ('close' then 'yes?') keeps what would be lost;
 * any other opens on its confirm button.
 */
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
  const destructive = color === 'red'
  return (
    <Modal opened={opened} onClose={busy ? () => {} : props.onCancel} title={title} centered zIndex={400}>
      <Stack>
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={busy} data-autofocus={destructive}>
            {cancelLabel}
          </Button>
          <Button
            color={color}
            onClick={props.onConfirm}
            loading={busy && !busyLabel}
            disabled={busy || props.confirmDisabled}
            data-autofocus={!destructive}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
