import { Badge, Button } from '@mantine/core'
import { IconFiles, IconHistory, IconInfoSquare, IconPencil, IconUsers } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { AccessTab } from '../AccessTab.tsx'
import { canWrite } from '../access-api.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { DocumentManager } from '../documents/DocumentManager.tsx'
import { HistoryTimeline } from '../history/HistoryTimeline.tsx'
import { notifyError, notifySuccess } from '../notify.ts'
import { RecordPage } from '../RecordPage.tsx'
import { registerDetailQuery, registerListKey, withoutRows } from './api.ts'
import type { ListAnswer, RegisterDeclaration, RegisterTypes, StandardTabs, StateAction } from './define.ts'
import { recordHref } from './roots.ts'
import { RecordGate } from './save.tsx'

/** '/suppliers/{id}': the record's tabs (Overview, Documents, Access, History by default), Edit and its state action. */
export function RegisterDetailPage<T extends RegisterTypes>({
  register,
}: {
  register: RegisterDeclaration<T>
}) {
  const { id = '' } = useParams()
  const record = useQuery(registerDetailQuery(register, id))
  useAlongside(register, id)
  return (
    <RecordGate query={record} register={register}>
      {(r) => <RecordView register={register} record={r} />}
    </RecordGate>
  )
}

/** Starts the register's `alongside` queries in the same commit as the record's (a project's invoices). */
function useAlongside<T extends RegisterTypes>(register: RegisterDeclaration<T>, id: string) {
  const queryClient = useQueryClient()
  const tab = useSearchParams()[0].get('tab')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the register never changes on a page
  useEffect(() => {
    register.detail.alongside?.(queryClient, id, tab)
  }, [id, tab, queryClient])
}

function RecordView<T extends RegisterTypes>({
  register,
  record,
}: {
  register: RegisterDeclaration<T>
  record: T['detail']
}) {
  const id = register.idOf(record)
  const { Overview } = register.detail
  const standard: StandardTabs = {
    overview: {
      value: 'overview',
      label: 'Overview',
      icon: <IconInfoSquare size={16} />,
      content: <Overview record={record} />,
    },
    documents: {
      value: 'documents',
      label: 'Documents',
      icon: <IconFiles size={16} />,
      content: (
        <DocumentManager entityType={register.entityType} entityId={id} access={record.access_level} />
      ),
    },
    access: {
      value: 'access',
      label: 'Access',
      icon: <IconUsers size={16} />,
      content: <AccessTab entityType={register.entityType} entityId={id} />,
    },
    history: {
      value: 'history',
      label: 'History',
      icon: <IconHistory size={16} />,
      content: <HistoryTimeline entityType={register.entityType} entityId={id} />,
    },
  }
  const list = register.list.listOf(record)
  const writable = canWrite(record.access_level)
  const stateAction = register.detail.stateAction
  return (
    <RecordPage
      title={register.titleOf(record)}
      meta={
        <>
          {register.detail.meta?.(record)}
          {record.access_level !== 'ADMIN' && (
            <Badge variant="outline" color="gray">
              {record.access_level} access
            </Badge>
          )}
        </>
      }
      back={{ to: list.path, label: `Back to ${list.title}` }}
      actions={
        writable && (
          <>
            <Button
              component={Link}
              to={`${recordHref(register.entityType, id)}/edit`}
              leftSection={<IconPencil size={16} />}
            >
              {register.detail.editLabel ?? 'Edit'}
            </Button>
            {stateAction && <StateActionButton register={register} record={record} action={stateAction} />}
          </>
        )
      }
      tabs={
        register.detail.tabs?.(record, standard) ?? [
          standard.overview,
          standard.documents,
          standard.access,
          standard.history,
        ]
      }
    />
  )
}

/**
 * Archive, deactivate …: a confirmation, then a request for staff (applied at once for admins). The
 * record leaves the list it was in at once and comes back if the call fails; the lists are refetched.
 */
function StateActionButton<T extends RegisterTypes>(props: {
  register: RegisterDeclaration<T>
  record: T['detail']
  action: StateAction<T['detail']>
}) {
  const { register, record, action } = props
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const [confirming, setConfirming] = useState(false)
  const id = register.idOf(record)
  const mutation = useMutation({
    mutationFn: () => action.call(record),
    onMutate: async () => {
      const from = registerListKey(register, register.list.listOf(record))
      await queryClient.cancelQueries({ queryKey: from })
      const snapshot = queryClient.getQueriesData<ListAnswer<T['item']>>({ queryKey: from })
      queryClient.setQueriesData<ListAnswer<T['item']>>({ queryKey: from }, (old) =>
        old ? withoutRows(old, (row) => register.idOf(row) === id) : old,
      )
      return { snapshot }
    },
    onError: (error, _v, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
      notifyError(errorMessage(error, action.failed))
      setConfirming(false)
    },
    onSuccess: (res) => {
      notifySuccess(res.message)
      setConfirming(false)
    },
    onSettled: () =>
      Promise.all(
        [register.queryKey, 'approvals'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      ),
  })
  const staff = !me?.isadmin
  const label = action.label(record)
  const approval = staff ? ' Your request goes to an administrator for approval.' : ''
  if (staff && action.requested?.(record))
    return (
      <Button variant="default" leftSection={action.icon?.(record)} disabled>
        {`${label} requested`}
      </Button>
    )
  return (
    <>
      <Button variant="default" leftSection={action.icon?.(record)} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={`${label} ${register.noun}`}
        message={`${action.message(record)}${approval}`}
        confirmLabel={staff ? 'Submit Request' : label}
        busyLabel={action.busyText?.(record) ?? 'Submitting...'}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
