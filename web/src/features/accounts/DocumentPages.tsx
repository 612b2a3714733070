import { accountMessages, accountsToday } from '@daftar/domain/accounts'
import { Alert, Stack } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ApiError, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageLoading } from '../../ui/RecordPage.tsx'
import {
  accountsApi,
  accountsKey,
  type DocDetail,
  type DocumentForm as DocumentFormValues,
  detailQuery,
  failureText,
} from './api.ts'
import { DocumentForm, emptyForm, type FormState } from './DocumentForm.tsx'
import { type KindConfig, payablesConfig, receivablesConfig } from './kinds.ts'
import { blankLine } from './LineItemsEditor.tsx'

function useSave(
  config: KindConfig,
  call: (values: DocumentFormValues) => Promise<unknown>,
  success: string,
  failed: string,
) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [saved, setSaved] = useState(false)
  // Leave once the form knows it was saved, so its leave guard does not ask.
  useEffect(() => {
    if (saved) navigate(config.route)
  }, [saved, navigate, config.route])
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: async () => {
      notifySuccess(success)
      await queryClient.invalidateQueries({ queryKey: accountsKey(config.kind) })
      setSaved(true)
    },
    onError: (error) => notifyError(failureText(error, failed)),
  })
  return { ...mutation, saved }
}

function Forbidden({ title }: { title: string }) {
  return (
    <Stack maw={1100} mx="auto">
      <PageHeader title={title} />
      <Alert color="red">{accountMessages.accountsOnly}</Alert>
    </Stack>
  )
}

function AddDocumentPage({ config }: { config: KindConfig }) {
  const navigate = useNavigate()
  const { data: me } = useMe()
  const create = useSave(
    config,
    (values) => accountsApi.create(config, values),
    config.toasts.created,
    config.toasts.createFailed,
  )
  if (me && !me?.can_open_accounts) return <Forbidden title={config.formTitles.add} />
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader title={config.formTitles.add} />
      <DocumentForm
        config={config}
        initial={emptyForm(accountsToday())}
        submitLabel={config.saveNew}
        busy={create.isPending}
        saved={create.saved}
        onSubmit={(values) => create.mutate(values)}
        onCancel={() => navigate(config.route)}
      />
    </Stack>
  )
}

function fromDetail(d: DocDetail): FormState {
  return {
    partyId: d.partyId,
    projectId: d.projectId,
    number: d.number,
    date: d.date,
    dueDate: d.dueDate,
    description: d.description ?? '',
    lines: d.lines.map((l) => ({
      ...blankLine(),
      description: l.description,
      sac_code: l.sac_code ?? '',
      qty: l.qty,
      unit: l.unit,
      rate: l.rate,
      gst_rate: l.gst_rate,
    })),
    gstType: d.gstType === 'SEZ' ? 'EXEMPT' : d.gstType,
    isRcm: d.isRcm,
  }
}

function EditDocumentPage({ config }: { config: KindConfig }) {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const allowed = Boolean(me?.can_open_accounts)
  const query = useQuery({ ...detailQuery(config, id), enabled: allowed, staleTime: 0 })
  const doc = query.data
  const update = useSave(
    config,
    (values) => accountsApi.update(config, id, values, doc!.version),
    config.toasts.updated,
    config.toasts.updateFailed,
  )
  if (me && !allowed) return <Forbidden title={config.formTitles.edit('')} />
  if (query.isPending) return <PageLoading text={`Loading ${config.noun}...`} />
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return (
      <Stack maw={1100} mx="auto">
        <Alert color="red">
          {missing ? config.notFound : `${config.loadError}: ${errorMessage(query.error, 'Unknown error')}`}
        </Alert>
      </Stack>
    )
  }
  if (!doc) return null
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader title={config.formTitles.edit(doc.number)} />
      <DocumentForm
        key={`${doc.id}-${doc.version}`}
        config={config}
        initial={fromDetail(doc)}
        submitLabel="Save Changes"
        busy={update.isPending}
        saved={update.saved}
        onSubmit={(values) => update.mutate(values)}
        onCancel={() => navigate(config.route)}
      />
    </Stack>
  )
}

export function AddReceivablePage() {
  return <AddDocumentPage config={receivablesConfig} />
}
export function EditReceivablePage() {
  return <EditDocumentPage config={receivablesConfig} />
}
export function AddPayablePage() {
  return <AddDocumentPage config={payablesConfig} />
}
export function EditPayablePage() {
  return <EditDocumentPage config={payablesConfig} />
}
