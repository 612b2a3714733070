import type { AccessPermissions } from '@daftar/domain/registers'
import { approvalEndpoints, approvalMessages } from '@daftar/domain/registers'
import { Center, Loader, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { useRegisterDeclaration } from '../../app/registers.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import type { RegisterDeclaration, RegisterTypes } from '../../ui/register-kit/define.ts'
import { RegisterFields, useGrants } from '../../ui/register-kit/RegisterForm.tsx'
import { formValues } from '../../ui/register-kit/values.ts'
import { approvalsKey, type PendingActionDetail } from './api.ts'
import { DecisionModal } from './DecisionModal.tsx'

interface EditProps {
  action: PendingActionDetail
  onClose: () => void
}

/** The register's own fields on the form hook, judged by the register's schema (the server's). */
function EditForm<T extends RegisterTypes>({
  action,
  register,
  onClose,
}: EditProps & { register: RegisterDeclaration<T> }) {
  const creating = action.action_type === 'CREATE'
  const access = useGrants(
    action.access_permissions.map((g): AccessPermissions[number] => ({ user_id: g.user_id, level: g.level })),
  )
  const [initial] = useState(() => formValues(register.form.empty, action.proposed_data))
  const f = useSchemaForm({
    schema: register.form.schema,
    initialValues: initial,
    submit: (proposed_data) =>
      call(approvalEndpoints.edit, {
        params: { id: action.action_id },
        body: {
          proposed_data: proposed_data as Record<string, unknown>,
          ...(creating ? { access_permissions: access.grants } : {}),
        },
      }),
    failed: approvalMessages.editFailed,
    successText: (answer) => answer.message || approvalMessages.updated,
    invalidate: [approvalsKey],
    onSuccess: onClose,
    extraDirty: access.changed,
    guard: false,
  })
  return (
    <DecisionModal f={f} title="Edit & Re-evaluate" confirm="Save Changes" size="xl" onClose={onClose}>
      <RegisterFields
        register={register}
        form={f.form}
        mode="review"
        grants={creating ? access : undefined}
      />
    </DecisionModal>
  )
}

/**
 * 'Edit & Re-evaluate': the admin corrects the proposed data with the register's own fields (and, for a
 * create, the access approval will grant); the register's schema judges it again on the server.
 */
export function EditActionModal({ action, onClose }: EditProps) {
  const { open, loading } = useRegisterDeclaration(action.entity_type)
  if (open) return open((register) => <EditForm action={action} register={register} onClose={onClose} />)
  return (
    <Modal opened onClose={onClose} title="Edit & Re-evaluate" size="xl" centered>
      {loading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <Text>{approvalMessages.noEditForm(action.entity_type)}</Text>
      )}
    </Modal>
  )
}
