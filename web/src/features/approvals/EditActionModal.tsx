import type { AccessPermissions } from '@daftar/domain/registers'
import { approvalEndpoints, approvalMessages } from '@daftar/domain/registers'
import { Center, Loader, Modal, Paper, Text } from '@mantine/core'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { useRegisterDeclaration } from '../../app/registers.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { GrantAccessField } from '../../ui/GrantAccessField.tsx'
import type { AnyRegister } from '../../ui/register-kit/define.ts'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { formValues } from '../../ui/register-kit/values.ts'
import { approvalsKey, type PendingActionDetail } from './api.ts'
import { DecisionModal } from './DecisionModal.tsx'

interface EditProps {
  action: PendingActionDetail
  onClose: () => void
}

/** The register's own fields on the form hook, judged by the register's schema (the server's). */
function EditForm({ action, register, onClose }: EditProps & { register: AnyRegister }) {
  const creating = action.action_type === 'CREATE'
  const initialGrants: AccessPermissions = action.access_permissions.map((g) => ({
    user_id: g.user_id,
    level: g.level,
  }))
  const [grants, setGrants] = useState(initialGrants)
  const [initial] = useState(
    () => formValues(register.form.empty, action.proposed_data) as Record<string, unknown>,
  )
  const f = useSchemaForm({
    schema: register.form.schema,
    initialValues: initial,
    submit: (proposed_data) =>
      call(approvalEndpoints.edit, {
        params: { id: action.action_id },
        body: {
          proposed_data: proposed_data as Record<string, unknown>,
          ...(creating ? { access_permissions: grants } : {}),
        },
      }),
    failed: approvalMessages.editFailed,
    successText: (answer) => answer.message || approvalMessages.updated,
    invalidate: [approvalsKey],
    onSuccess: onClose,
    extraDirty: JSON.stringify(grants) !== JSON.stringify(initialGrants),
    guard: false,
  })
  const { Fields } = register.form
  return (
    <DecisionModal f={f} title="Edit & Re-evaluate" confirm="Save Changes" size="xl" onClose={onClose}>
      <Fields form={f.form} mode="review" />
      {'notes' in initial && (
        <Paper withBorder radius="md" p="md">
          <CountedTextarea
            label="Notes"
            autosize
            minRows={3}
            maxLength={5000}
            {...f.form.getInputProps('notes')}
          />
        </Paper>
      )}
      {creating && <GrantAccessField value={grants} onChange={setGrants} />}
    </DecisionModal>
  )
}

/**
 * 'Edit & Re-evaluate': the admin corrects the proposed data with the register's own fields (and, for a
 * create, the access approval will grant); the register's schema judges it again on the server.
 */
export function EditActionModal({ action, onClose }: EditProps) {
  const { register, loading } = useRegisterDeclaration(action.entity_type)
  if (register) return <EditForm action={action} register={register} onClose={onClose} />
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
