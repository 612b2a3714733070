import type { ReactNode } from 'react'
import { ModalForm, type ModalFormState } from '../../ui/form/ModalForm.tsx'

/**
 * The dialog of a decision on a request (approve, reject, edit): its form, the failure in a red box,
 * Cancel and the confirming button, focused. It asks before typed input is thrown away, and cannot be
 * closed while its request runs.
 */
export function DecisionModal({
  f,
  title,
  confirm,
  color,
  confirmDisabled,
  size,
  onClose,
  children,
}: {
  f: ModalFormState
  title: string
  confirm: string
  color?: string
  confirmDisabled?: boolean
  size?: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <ModalForm
      f={f}
      title={title}
      size={size}
      onClose={onClose}
      submit={{ submitLabel: confirm, color, disabled: confirmDisabled, autoFocus: true }}
    >
      {children}
    </ModalForm>
  )
}
