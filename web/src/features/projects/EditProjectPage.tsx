import type { ProjectData } from '@daftar/domain/projects'
import { projectMessages } from '@daftar/domain/projects'
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
import { type ProjectDetail, projectDetailQuery, projectsApi } from './api.ts'
import { ProjectForm } from './ProjectForm.tsx'

const failed = requestFailedMessage('Project', 'UPDATE')

export default function EditProjectPage() {
  const { projectId = '' } = useParams()
  const project = useQuery(projectDetailQuery(projectId))
  if (project.isPending) return <PageLoading text="Loading project details..." />
  if (project.isError) {
    const missing = project.error instanceof ApiError && project.error.status === 404
    return (
      <ErrorPanel
        message={
          missing
            ? projectMessages.notFound
            : `Error loading project details: ${errorMessage(project.error, 'Unknown error')}`
        }
        backTo="/projects"
        backLabel="Back to Projects"
      />
    )
  }
  if (!canWrite(project.data.access_level))
    return (
      <ErrorPanel
        title="Read-only"
        message="You have read-only access to this project."
        backTo={`/projects/${projectId}`}
        backLabel="Back to Project"
      />
    )
  return <EditProject key={project.data.version} project={project.data} onReload={() => project.refetch()} />
}

function EditProject({ project, onReload }: { project: ProjectDetail; onReload: () => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const [error, setError] = useState<SaveFailure | null>(null)
  const back = `/projects/${project.project_id}`
  const update = useMutation({
    mutationFn: (data: ProjectData) => projectsApi.update(project.project_id, data, project.version),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
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
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader title={`Edit Project: ${project.name}`} description={project.client_name} />
      <ProjectForm
        initial={project}
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
