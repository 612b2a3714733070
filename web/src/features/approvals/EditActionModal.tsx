import type { ClientData } from '@daftar/domain/clients'
import type { ProjectData } from '@daftar/domain/projects'
import { approvalMessages } from '@daftar/domain/registers'
import { Modal, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage, serverError } from '../../api/client.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
// The one documented exception to "no feature imports another": the approval queue edits proposed
// data with the registers' own forms, so the rules and fields stay in one place.
import { ClientForm } from '../clients/ClientForm.tsx'
import { ProjectForm } from '../projects/ProjectForm.tsx'
import { approvalsApi, type PendingActionDetail } from './api.ts'

const FAILED = 'Failed to update pending action.'

/** 'Edit & Re-evaluate': the admin corrects the proposed data; the register's schema judges it again. */
export function EditActionModal({ action, onClose }: { action: PendingActionDetail; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (data: unknown) => approvalsApi.edit(action.action_id, data),
    onSuccess: async (res) => {
      notifySuccess(res.message || approvalMessages.updated)
      await queryClient.invalidateQueries({ queryKey: ['approvals'] })
      onClose()
    },
    onError: (err) => {
      notifyError(serverError(err) ?? FAILED)
      setError(errorMessage(err, FAILED))
    },
  })
  const common = {
    submitLabel: 'Save Changes',
    busy: save.isPending,
    serverError: error,
    onCancel: onClose,
    onSubmit: (data: unknown) => {
      setError(null)
      save.mutate(data)
    },
  }

  let body: React.ReactNode
  if (action.entity_type === 'CLIENT')
    body = <ClientForm {...common} initial={action.proposed_data as Partial<ClientData> | null} />
  else if (action.entity_type === 'PROJECT')
    body = <ProjectForm {...common} initial={action.proposed_data as Partial<ProjectData> | null} />
  else body = <Text>{approvalMessages.noEditForm(action.entity_type)}</Text>

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
