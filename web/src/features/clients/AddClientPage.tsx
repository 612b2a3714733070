import type { ClientData } from '@daftar/domain/clients'
import type { AccessPermissions } from '@daftar/domain/registers'
import { Stack } from '@mantine/core'
import { useNavigate } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote } from '../../ui/FormNotes.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { useRegisterSave } from '../../ui/register-pages.tsx'
import { clientsApi } from './api.ts'
import { ClientForm } from './ClientForm.tsx'

export default function AddClientPage() {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const create = useRegisterSave({
    label: 'Client',
    action: 'CREATE',
    refresh: ['clients'],
    call: ({ data, access }: { data: ClientData; access: AccessPermissions }) =>
      clientsApi.create(data, access),
    onSaved: () => navigate('/clients'),
  })
  return (
    <Stack maw={900} mx="auto" gap="md">
      <PageHeader title="Add New Client" />
      <ClientForm
        submitLabel={me?.isadmin ? 'Add Client' : 'Submit for Approval'}
        busy={create.busy}
        serverError={create.failure?.text ?? null}
        withGrantAccess
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              This action completes only after admin approval: your request goes to the approval queue, and
              the client appears in the list once an administrator approves it.
            </ApprovalNote>
          ) : null
        }
        onSubmit={(data, access) => create.save({ data, access })}
        onCancel={() => navigate('/clients')}
      />
    </Stack>
  )
}
