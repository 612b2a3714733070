import { requestFailedMessage } from '@daftar/domain/registers'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { serverError } from '../../api/client.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { type ProjectListPage, projectsApi } from './api.ts'

const failed = requestFailedMessage('Project', 'ARCHIVE')

/**
 * Archive / unarchive (a request for staff, applied at once for admins). The project leaves the list
 * it is in at once and comes back if the call fails; every project list is refetched afterwards.
 */
export function useArchiveProject(projectId: string, onDone?: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (archive: boolean) => projectsApi.archive(projectId, archive),
    onMutate: async (archive) => {
      const from = ['projects', 'list', archive ? 'active' : 'archived']
      await queryClient.cancelQueries({ queryKey: from })
      const snapshot = queryClient.getQueriesData<ProjectListPage>({ queryKey: from })
      queryClient.setQueriesData<ProjectListPage>({ queryKey: from }, (old) =>
        old ? { ...old, projects: old.projects.filter((p) => p.project_id !== projectId) } : old,
      )
      return { snapshot }
    },
    onError: (error, _archive, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
      notifyError(serverError(error) ?? failed)
    },
    onSuccess: (res) => {
      notifySuccess(res.message)
      onDone?.()
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]),
  })
}
