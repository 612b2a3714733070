import { changePasswordForm, messages } from '@daftar/domain/auth'
import { userEndpoints } from '@daftar/domain/users'
import { Alert } from '@mantine/core'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { type Me, useMe } from '../../api/shared-queries.ts'
import { CurrentPasswordInput } from '../../ui/form/CurrentPasswordInput.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { NewPasswordFields } from '../../ui/form/NewPasswordFields.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'

const FAILED = 'Error changing password.'
/** Long enough to read the confirmation, then out of the way. */
const CLOSE_AFTER_MS = 1200

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data: me } = useMe()
  // Mounted while open, so that every opening starts empty.
  return opened && me ? <ChangePasswordDialog me={me} onClose={onClose} /> : null
}

/** Current, new and confirmed password, each with show/hide (docs/product.md, "Sign-in and sessions"). */
function ChangePasswordDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const [done, setDone] = useState<string | null>(null)
  const f = useSchemaForm({
    schema: changePasswordForm,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: ({ currentPassword, newPassword }) =>
      call(userEndpoints.changePassword, {
        params: { id: me.user_id },
        body: { currentPassword, newPassword },
      }),
    failed: FAILED,
    toastErrors: false,
    successText: () => messages.passwordChanged,
    onSuccess: (answer) => {
      f.form.reset()
      setDone(answer.message)
      setTimeout(onClose, CLOSE_AFTER_MS)
    },
  })
  const note = f.failure?.text ?? done
  return (
    // Anchored at the top rather than centred, so that a message appearing above the fields grows the
    // dialog downwards instead of making it jump.
    <ModalForm
      f={f}
      onClose={onClose}
      title="Change Password"
      centered={false}
      yOffset="12dvh"
      submit={{ submitLabel: 'Change Password' }}
      failure={
        note && (
          <Alert color={f.failure ? 'red' : 'teal'} variant="light" role={f.failure ? 'alert' : 'status'}>
            {note}
          </Alert>
        )
      }
    >
      <CurrentPasswordInput
        label="Current Password"
        data-autofocus
        {...f.form.getInputProps('currentPassword')}
      />
      <NewPasswordFields form={f.form} />
    </ModalForm>
  )
}
