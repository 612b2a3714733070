import { type ProjectData, projectMessages } from '@daftar/domain/projects'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote, SaveError } from '../../ui/FormNotes.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { RecordGate, useRegisterSave } from '../../ui/register-pages.tsx'
import { type ProjectDetail, projectDetailQuery, projectsApi } from './api.ts'
import { ProjectForm } from './ProjectForm.tsx'

export const projectLabels = {
  noun: 'project',
  notFound: projectMessages.notFound,
  listPath: '/projects',
  listLabel: 'Back to Projects',
}

export default function EditProjectPage() {
  const { projectId = '' } = useParams()
  const project = useQuery(projectDetailQuery(projectId))
  return (
    <RecordGate
      query={project}
      labels={projectLabels}
      requireWrite={{ recordPath: `/projects/${projectId}` }}
    >
      {/* Keyed by version: after a reload the form starts again from the fresh record. */}
      {(record) => <EditProject key={record.version} project={record} onReload={() => project.refetch()} />}
    </RecordGate>
  )
}

function EditProject({ project, onReload }: { project: ProjectDetail; onReload: () => void }) {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const back = `/projects/${project.project_id}`
  const update = useRegisterSave({
    label: 'Project',
    action: 'UPDATE',
    refresh: ['projects'],
    call: (data: ProjectData) => projectsApi.update(project.project_id, data, project.version),
    onSaved: () => navigate(back),
  })
  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader title={`Edit Project: ${project.name}`} description={project.client_name} />
      <ProjectForm
        initial={project}
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
