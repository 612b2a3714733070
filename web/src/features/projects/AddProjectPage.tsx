import type { ProjectData } from '@daftar/domain/projects'
import { type AccessPermissions, requestFailedMessage } from '@daftar/domain/registers'
import { Stack } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage, serverError } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ApprovalNote } from '../../ui/FormNotes.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { projectsApi } from './api.ts'
import { ProjectForm } from './ProjectForm.tsx'

const failed = requestFailedMessage('Project', 'CREATE')

export default function AddProjectPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: ({ data, access }: { data: ProjectData; access: AccessPermissions }) =>
      projectsApi.create(data, access),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ])
      navigate(res.entityId ? `/projects/${res.entityId}` : '/projects')
    },
    onError: (err) => {
      notifyError(serverError(err) ?? failed)
      setError(errorMessage(err, failed))
    },
  })

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader title="Add New Project" />
      <ProjectForm
        submitLabel={me?.isadmin ? 'Add Project' : 'Submit for Approval'}
        busy={create.isPending}
        serverError={error}
        withGrantAccess
        note={
          me && !me.isadmin ? (
            <ApprovalNote>
              This action completes only after admin approval: the project appears in the list once an
              administrator approves your request.
            </ApprovalNote>
          ) : null
        }
        onSubmit={(data, access) => {
          setError(null)
          create.mutate({ data, access })
        }}
        onCancel={() => navigate('/projects')}
      />
    </Stack>
  )
}
