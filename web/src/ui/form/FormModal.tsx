import { Button, Group, type MantineColor, type MantineSpacing, Modal, type ModalProps } from '@mantine/core'
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { useReturnFocus } from '../use-return-focus.ts'
import { whenLeaveAsked } from './LeaveGuard.tsx'

export const discardMessages = {
  title: 'Discard changes?',
  message: 'You have unsaved changes. If you close this, they will be lost.',
  confirm: 'Discard',
  cancel: 'Keep editing',
} as const

/**
 * The dialog of every modal form: Escape, the X, a click outside and Cancel (`requestClose`) ask before
 * unsaved input is thrown away; nothing closes it while its request runs.
 */
export function FormModal({
  opened = true,
  dirty,
  busy,
  onClose,
  children,
  ...props
}: Omit<ModalProps, 'opened' | 'onClose' | 'children'> & {
  opened?: boolean
  dirty: boolean
  busy?: boolean
  onClose: () => void
  children: (requestClose: () => void) => React.ReactNode
}) {
  const [asking, setAsking] = useState(false)
  useReturnFocus()
  // Back while 'Discard changes?' is open: the page's 'Leave this page?' asks instead (one question).
  useEffect(() => (asking ? whenLeaveAsked(() => setAsking(false)) : undefined), [asking])
  const requestClose = () => {
    if (busy) return
    // The question opens once the key or click that asked has been handled: Mantine reads a modal's
    // Escape listener with its latest props, so a question opened within the same Escape would take
    // that Escape as its own and close at once.
    if (dirty) setTimeout(() => setAsking(true))
    else onClose()
  }
  const escapes = props.closeOnEscape !== false
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        centered
        {...props}
        // Escape is ours: one that closes a field's open calendar or list is that field's, not a request
        // to close the form (Mantine's own listener asked 'Discard changes?' on it).
        closeOnEscape={false}
        onKeyDown={(event) => {
          if (escapes && event.key === 'Escape' && !closesAPopup(event)) requestClose()
        }}
      >
        {children(requestClose)}
      </Modal>
      <ConfirmDialog
        opened={asking}
        title={discardMessages.title}
        message={discardMessages.message}
        confirmLabel={discardMessages.confirm}
        cancelLabel={discardMessages.cancel}
        color="red"
        onConfirm={() => {
          setAsking(false)
          onClose()
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  )
}

/**
 * An Escape a field takes for itself: a list or calendar of the form was open when the key came (the
 * key closes it). Mantine's date fields mark neither the event nor the input, so the open dropdown
 * itself is looked for; it is still in the page while this key is handled.
 */
function closesAPopup(event: KeyboardEvent) {
  const target = event.target as HTMLElement
  return (
    event.defaultPrevented ||
    target.getAttribute('aria-expanded') === 'true' ||
    document.querySelector('.mantine-Popover-dropdown') !== null
  )
}

/**
 * The buttons at the foot of a modal form: Cancel (FormModal's `requestClose`, which asks first when
 * input is unsaved) and the submit button, both held while the request runs.
 */
export interface FormActionsProps {
  onCancel: () => void
  busy: boolean
  submitLabel?: ReactNode
  /** The submit button's colour where the action has one (teal for a payment, red for a refusal). */
  color?: MantineColor
  mt?: MantineSpacing
  /** The dialog opens with the submit button focused (a confirmation). */
  autoFocus?: boolean
  /** The submit button is off until the form can be sent (a decision that needs a confirmation). */
  disabled?: boolean
  /** The words the button says while the request runs ('Saving...'), in place of a spinner. */
  busyLabel?: ReactNode
}

export function FormActions({
  onCancel,
  busy,
  submitLabel = 'Save',
  color,
  mt,
  autoFocus,
  disabled,
  busyLabel,
}: FormActionsProps) {
  const spoken = busyLabel !== undefined
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="submit"
        loading={busy && !spoken}
        color={color}
        disabled={disabled || (busy && spoken)}
        data-autofocus={autoFocus || undefined}
      >
        {busy && spoken ? busyLabel : submitLabel}
      </Button>
    </Group>
  )
}
