import { requestFailedMessage } from '@daftar/domain/registers'
import { Stack } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage, serverError } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote } from '../../ui/FormNotes.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { clientsApi } from './api.ts'
import { ClientForm } from './ClientForm.tsx'

const failed = requestFailedMessage('Client', 'CREATE')

export default function AddClientPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: (input: Parameters<typeof clientsApi.create>) => clientsApi.create(...input),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clients'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ])
      navigate('/clients')
    },
    onError: (err) => {
      notifyError(serverError(err) ?? failed)
      setError(errorMessage(err, failed))
    },
  })

  return (
    <Stack maw={900} mx="auto" gap="md">
      <PageHeader title="Add New Client" />
      <ClientForm
        submitLabel={me?.isadmin ? 'Add Client' : 'Submit for Approval'}
        busy={create.isPending}
        serverError={error}
        withGrantAccess
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              This action completes only after admin approval: your request goes to the approval queue, and
              the client appears in the list once an administrator approves it.
            </ApprovalNote>
          ) : null
        }
        onSubmit={(data, access) => {
          setError(null)
          create.mutate([data, access])
        }}
        onCancel={() => navigate('/clients')}
      />
    </Stack>
  )
}
