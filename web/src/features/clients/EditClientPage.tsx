import { clientMessages } from '@daftar/domain/clients'
import { requestFailedMessage } from '@daftar/domain/registers'
import { Stack } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ApiError, errorMessage, serverError } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { canWrite } from '../../ui/access-api.ts'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { ApprovalNote, SaveError, type SaveFailure, saveFailure } from '../../ui/FormNotes.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageLoading } from '../../ui/RecordPage.tsx'
import { type ClientDetail, clientDetailQuery, clientsApi } from './api.ts'
import { ClientForm } from './ClientForm.tsx'

const failed = requestFailedMessage('Client', 'UPDATE')

export default function EditClientPage() {
  const { clientId = '' } = useParams()
  const client = useQuery(clientDetailQuery(clientId))
  if (client.isPending) return <PageLoading text="Loading client details..." />
  if (client.isError) {
    const missing = client.error instanceof ApiError && client.error.status === 404
    return (
      <ErrorPanel
        message={
          missing
            ? clientMessages.notFound
            : `Error loading client details: ${errorMessage(client.error, 'Unknown error')}`
        }
        backTo="/clients"
        backLabel="Back to Clients"
      />
    )
  }
  if (!canWrite(client.data.access_level))
    return (
      <ErrorPanel
        title="Read-only"
        message="You have read-only access to this client."
        backTo={`/clients/${clientId}`}
        backLabel="Back to Client"
      />
    )
  // Keyed by version: after a reload the form starts again from the fresh record.
  return <EditClient key={client.data.version} client={client.data} onReload={() => client.refetch()} />
}

function EditClient({ client, onReload }: { client: ClientDetail; onReload: () => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const [error, setError] = useState<SaveFailure | null>(null)
  const back = `/clients/${client.client_id}`
  const update = useMutation({
    mutationFn: (data: Parameters<typeof clientsApi.update>[1]) =>
      clientsApi.update(client.client_id, data, client.version),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clients'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ])
      navigate(back)
    },
    onError: (err) => {
      notifyError(serverError(err) ?? failed)
      setError(saveFailure(err, failed))
    },
  })

  return (
    <Stack maw={900} mx="auto" gap="md">
      <PageHeader title={`Edit Client: ${client.name}`} description={client.client_id_display} />
      <ClientForm
        initial={client}
        submitLabel={me?.isadmin ? 'Save Changes' : 'Submit for Approval'}
        busy={update.isPending}
        serverError={error && <SaveError failure={error} onReload={onReload} />}
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              Your changes are sent to an administrator and apply only after admin approval.
            </ApprovalNote>
          ) : null
        }
        onSubmit={(data) => {
          setError(null)
          update.mutate(data)
        }}
        onCancel={() => navigate(back)}
      />
    </Stack>
  )
}
