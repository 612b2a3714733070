import { Badge, Button } from '@mantine/core'
import {
  IconArchive,
  IconArchiveOff,
  IconFiles,
  IconInfoSquare,
  IconPencil,
  IconReceipt,
  IconUsers,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { AccessTab } from '../../ui/AccessTab.tsx'
import { canWrite } from '../../ui/access-api.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { DocumentManager } from '../../ui/documents/DocumentManager.tsx'
import { RecordPage } from '../../ui/RecordPage.tsx'
import { RecordGate } from '../../ui/register-pages.tsx'
import { type ProjectDetail, projectDetailQuery } from './api.ts'
import { BillingTab } from './billing/BillingTab.tsx'
import { projectLabels } from './EditProjectPage.tsx'
import { ProjectOverview } from './ProjectOverview.tsx'
import { useArchiveProject } from './use-archive.ts'

export default function ProjectDetailPage() {
  const { projectId = '' } = useParams()
  const project = useQuery(projectDetailQuery(projectId))
  return (
    <RecordGate query={project} labels={projectLabels}>
      {(p) => <ProjectView p={p} />}
    </RecordGate>
  )
}

function ProjectView({ p }: { p: ProjectDetail }) {
  const { data: me } = useMe()
  const [confirming, setConfirming] = useState(false)
  const archive = useArchiveProject(p.project_id, () => setConfirming(false))
  const archived = p.is_archived
  const staff = !me?.isadmin
  return (
    <>
      <RecordPage
        title={p.name}
        meta={
          <>
            <Badge variant="light" color={archived ? 'gray' : 'teal'}>
              {archived ? 'Archived' : 'Active'}
            </Badge>
            {p.access_level !== 'ADMIN' && (
              <Badge variant="outline" color="gray">
                {p.access_level} access
              </Badge>
            )}
          </>
        }
        back={
          archived
            ? { to: '/projects/archived', label: 'Back to Archived Projects' }
            : { to: '/projects', label: 'Back to Projects' }
        }
        actions={
          canWrite(p.access_level) && (
            <>
              <Button
                component={Link}
                to={`/projects/${p.project_id}/edit`}
                leftSection={<IconPencil size={16} />}
              >
                Edit
              </Button>
              <Button
                variant="default"
                leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                onClick={() => setConfirming(true)}
              >
                {archived ? 'Unarchive' : 'Archive'}
              </Button>
            </>
          )
        }
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            icon: <IconInfoSquare size={16} />,
            content: <ProjectOverview project={p} />,
          },
          {
            value: 'documents',
            label: 'Documents',
            icon: <IconFiles size={16} />,
            content: <DocumentManager entityType="PROJECT" entityId={p.project_id} access={p.access_level} />,
          },
          {
            value: 'billing',
            label: 'Billing',
            icon: <IconReceipt size={16} />,
            content: <BillingTab projectId={p.project_id} />,
          },
          {
            value: 'access',
            label: 'Access',
            icon: <IconUsers size={16} />,
            content: <AccessTab entityType="PROJECT" entityId={p.project_id} />,
          },
        ]}
      />
      <ConfirmDialog
        opened={confirming}
        title={archived ? 'Unarchive project' : 'Archive project'}
        message={`${archived ? 'Move' : 'Archive'} '${p.name}'${archived ? ' back to the active projects' : ''}?${
          staff ? ' Your request goes to an administrator for approval.' : ''
        }`}
        confirmLabel={staff ? 'Submit Request' : archived ? 'Unarchive' : 'Archive'}
        busyLabel="Submitting..."
        busy={archive.isPending}
        onConfirm={() => archive.mutate(!archived)}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
