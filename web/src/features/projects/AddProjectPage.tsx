import type { ProjectData } from '@daftar/domain/projects'
import type { AccessPermissions } from '@daftar/domain/registers'
import { Stack } from '@mantine/core'
import { useNavigate } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote } from '../../ui/FormNotes.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { useRegisterSave } from '../../ui/register-pages.tsx'
import { projectsApi } from './api.ts'
import { ProjectForm } from './ProjectForm.tsx'

export default function AddProjectPage() {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const create = useRegisterSave({
    label: 'Project',
    action: 'CREATE',
    refresh: ['projects'],
    call: ({ data, access }: { data: ProjectData; access: AccessPermissions }) =>
      projectsApi.create(data, access),
    onSaved: (result) => navigate(result.entityId ? `/projects/${result.entityId}` : '/projects'),
  })
  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader title="Add New Project" />
      <ProjectForm
        submitLabel={me?.isadmin ? 'Add Project' : 'Submit for Approval'}
        busy={create.busy}
        serverError={create.failure?.text ?? null}
        withGrantAccess
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              This action completes only after admin approval: the project appears in the list once an
              administrator approves your request.
            </ApprovalNote>
          ) : null
        }
        onSubmit={(data, access) => create.save({ data, access })}
        onCancel={() => navigate('/projects')}
      />
    </Stack>
  )
}
