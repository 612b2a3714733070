import type { AccessPermissions } from '@daftar/domain/registers'
import { approvalMessages } from '@daftar/domain/registers'
import { Center, Loader, Modal, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { useRegisterDeclaration } from '../../app/registers.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { RegisterForm } from '../../ui/register-kit/RegisterForm.tsx'
import { formValues } from '../../ui/register-kit/values.ts'
import { approvalsApi, type PendingActionDetail } from './api.ts'

const FAILED = 'Failed to update pending action.'

/**
 * 'Edit & Re-evaluate': the admin corrects the proposed data with the register's own form (and, for a
 * create, the access approval will grant); the register's schema judges it again on the server.
 */
export function EditActionModal({ action, onClose }: { action: PendingActionDetail; onClose: () => void }) {
  const queryClient = useQueryClient()
  const { register, loading } = useRegisterDeclaration(action.entity_type)
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (input: { proposed_data: object; access_permissions?: AccessPermissions }) =>
      approvalsApi.edit(action.action_id, input),
    onSuccess: async (res) => {
      notifySuccess(res.message || approvalMessages.updated)
      await queryClient.invalidateQueries({ queryKey: ['approvals'] })
      onClose()
    },
    onError: (err) => {
      notifyError(errorMessage(err, FAILED))
      setError(errorMessage(err, FAILED))
    },
  })
  const creating = action.action_type === 'CREATE'
  const initial = useMemo(
    () => (register ? formValues(register.form.empty, action.proposed_data) : null),
    [register, action.proposed_data],
  )

  let body: React.ReactNode
  if (loading)
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    )
  else if (!register || !initial) body = <Text>{approvalMessages.noEditForm(action.entity_type)}</Text>
  else
    body = (
      <RegisterForm
        register={register}
        mode="review"
        initial={initial}
        submitLabel="Save Changes"
        busy={save.isPending}
        serverError={error}
        grants={
          creating
            ? { initial: action.access_permissions.map((g) => ({ user_id: g.user_id, level: g.level })) }
            : undefined
        }
        onCancel={onClose}
        onSubmit={(data, _values, grants) => {
          setError(null)
          save.mutate({ proposed_data: data, ...(creating ? { access_permissions: grants } : {}) })
        }}
      />
    )

  return (
    <Modal
      opened
      onClose={save.isPending ? () => {} : onClose}
      title="Edit & Re-evaluate"
      size="xl"
      centered
      closeOnClickOutside={false}
    >
      {body}
    </Modal>
  )
}
