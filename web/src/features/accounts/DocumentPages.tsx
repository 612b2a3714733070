import { accountMessages, accountsToday } from '@daftar/domain/accounts'
import { Alert, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { ApiError, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PageLoading } from '../../ui/RecordPage.tsx'
import { accountsApi, detailQuery } from './api.ts'
import { DocumentForm, emptyValues, valuesOf } from './DocumentForm.tsx'
import { type KindConfig, numberOf, payablesConfig, receivablesConfig } from './kinds.ts'

function Forbidden({ title }: { title: string }) {
  return (
    <Stack>
      <PageHeader title={title} />
      <Alert color="red">{accountMessages.accountsOnly}</Alert>
    </Stack>
  )
}

function AddDocumentPage({ config }: { config: KindConfig }) {
  const navigate = useNavigate()
  const { data: me } = useMe()
  if (me && !me.can_open_accounts) return <Forbidden title={config.formTitles.add} />
  return (
    <Stack gap="md">
      <PageHeader title={config.formTitles.add} />
      <DocumentForm
        config={config}
        initial={emptyValues(config, accountsToday())}
        submitLabel={config.saveNew}
        submit={(body, requestKey) => accountsApi.create(config.kind, body, requestKey)}
        failed={config.toasts.createFailed}
        draftKey={`accounts:${config.kind}:add`}
        savedTo={config.route}
        onCancel={() => navigate(config.route)}
      />
    </Stack>
  )
}

function EditDocumentPage({ config }: { config: KindConfig }) {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const allowed = Boolean(me?.can_open_accounts)
  const query = useQuery({ ...detailQuery(config.kind, id), enabled: allowed, staleTime: 0 })
  const doc = query.data
  if (me && !allowed) return <Forbidden title={config.formTitles.edit('')} />
  if (query.isPending) return <PageLoading text={`Loading ${config.noun}...`} />
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return (
      <Stack>
        <Alert color="red">
          {missing ? config.notFound : `${config.loadError}: ${errorMessage(query.error, 'Unknown error')}`}
        </Alert>
      </Stack>
    )
  }
  if (!doc) return null
  return (
    <Stack gap="md">
      <PageHeader title={config.formTitles.edit(numberOf(doc))} />
      <DocumentForm
        key={`${id}-${doc.version}`}
        config={config}
        initial={valuesOf(config, doc)}
        submitLabel="Save Changes"
        submit={(body) => accountsApi.update(config.kind, id, body, doc.version)}
        failed={config.toasts.updateFailed}
        draftKey={`accounts:${config.kind}:edit:${id}`}
        savedTo={config.route}
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
