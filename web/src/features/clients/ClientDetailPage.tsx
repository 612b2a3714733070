import { Badge, Button } from '@mantine/core'
import { IconFiles, IconInfoSquare, IconPencil, IconUsers } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { AccessTab } from '../../ui/AccessTab.tsx'
import { canWrite } from '../../ui/access-api.ts'
import { DocumentManager } from '../../ui/documents/DocumentManager.tsx'
import { RecordPage } from '../../ui/RecordPage.tsx'
import { RecordGate } from '../../ui/register-pages.tsx'
import { type ClientDetail, clientDetailQuery } from './api.ts'
import { ClientOverview } from './ClientOverview.tsx'
import { clientLabels } from './EditClientPage.tsx'

export default function ClientDetailPage() {
  const { clientId = '' } = useParams()
  const client = useQuery(clientDetailQuery(clientId))
  return (
    <RecordGate query={client} labels={clientLabels}>
      {(c) => <ClientView c={c} />}
    </RecordGate>
  )
}

function ClientView({ c }: { c: ClientDetail }) {
  return (
    <RecordPage
      title={c.name}
      meta={
        <>
          <Badge variant="light">{c.client_id_display}</Badge>
          {c.access_level !== 'ADMIN' && (
            <Badge variant="outline" color="gray">
              {c.access_level} access
            </Badge>
          )}
        </>
      }
      back={{ to: '/clients', label: 'Back to Clients' }}
      actions={
        canWrite(c.access_level) && (
          <Button component={Link} to={`/clients/${c.client_id}/edit`} leftSection={<IconPencil size={16} />}>
            Edit Client
          </Button>
        )
      }
      tabs={[
        {
          value: 'overview',
          label: 'Overview',
          icon: <IconInfoSquare size={16} />,
          content: <ClientOverview client={c} />,
        },
        {
          value: 'documents',
          label: 'Documents',
          icon: <IconFiles size={16} />,
          content: <DocumentManager entityType="CLIENT" entityId={c.client_id} access={c.access_level} />,
        },
        {
          value: 'access',
          label: 'Access',
          icon: <IconUsers size={16} />,
          content: <AccessTab entityType="CLIENT" entityId={c.client_id} />,
        },
      ]}
    />
  )
}
