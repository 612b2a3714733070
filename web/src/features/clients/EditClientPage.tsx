import { type ClientData, clientMessages } from '@daftar/domain/clients'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote, SaveError } from '../../ui/FormNotes.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { RecordGate, useRegisterSave } from '../../ui/register-pages.tsx'
import { type ClientDetail, clientDetailQuery, clientsApi } from './api.ts'
import { ClientForm } from './ClientForm.tsx'

export const clientLabels = {
  noun: 'client',
  notFound: clientMessages.notFound,
  listPath: '/clients',
  listLabel: 'Back to Clients',
}

export default function EditClientPage() {
  const { clientId = '' } = useParams()
  const client = useQuery(clientDetailQuery(clientId))
  return (
    <RecordGate query={client} labels={clientLabels} requireWrite={{ recordPath: `/clients/${clientId}` }}>
      {/* Keyed by version: after a reload the form starts again from the fresh record. */}
      {(record) => <EditClient key={record.version} client={record} onReload={() => client.refetch()} />}
    </RecordGate>
  )
}

function EditClient({ client, onReload }: { client: ClientDetail; onReload: () => void }) {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const back = `/clients/${client.client_id}`
  const update = useRegisterSave({
    label: 'Client',
    action: 'UPDATE',
    refresh: ['clients'],
    call: (data: ClientData) => clientsApi.update(client.client_id, data, client.version),
    onSaved: () => navigate(back),
  })
  return (
    <Stack maw={900} mx="auto" gap="md">
      <PageHeader title={`Edit Client: ${client.name}`} description={client.client_id_display} />
      <ClientForm
        initial={client}
        submitLabel={me?.isadmin ? 'Save Changes' : 'Submit for Approval'}
        busy={update.busy}
        serverError={update.failure && <SaveError failure={update.failure} onReload={onReload} />}
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              Your changes are sent to an administrator and apply only after admin approval.
            </ApprovalNote>
          ) : null
        }
        onSubmit={update.save}
        onCancel={() => navigate(back)}
      />
    </Stack>
  )
}
