/** The assets list's columns, the 'Due soon' view's and the Assets page's way into it. */
import type { AssetDetail, AssetListItem } from '@daftar/domain/assets'
import { formatDate } from '@daftar/domain/format'
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core'
import { IconCalendarDue } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { orNA } from '../../ui/register-kit/detail-parts.tsx'
import { recordHref } from '../../ui/register-kit/roots.ts'
import { assetDueSoonCountQuery } from './api.ts'

export const statusColors: Record<string, string> = {
  'In Stock': 'blue',
  'In Use': 'teal',
  'Under Maintenance': 'orange',
  Retired: 'gray',
}

/**
 * The project (linked) or 'Asha Verma (@asha)' for a person. The project's 'ID: …' only on the detail
 * page, where the spec shows it: in a list a raw id means nothing to people.
 */
export function AssignedTo({
  asset,
  withId = false,
}: {
  asset: AssetListItem | AssetDetail
  withId?: boolean
}) {
  if (asset.assigned_to_type === 'PROJECT' && asset.assigned_to_id)
    return (
      <Stack gap={0}>
        <Anchor component={Link} to={recordHref('PROJECT', asset.assigned_to_id)} size="sm">
          {asset.assigned_project_name ?? 'Project'}
        </Anchor>
        {withId && (
          <Text size="xs" c="dimmed">
            ID: {asset.assigned_to_id}
          </Text>
        )}
      </Stack>
    )
  if (asset.assigned_to_type === 'EMPLOYEE')
    return (
      <Stack gap={0}>
        <Text size="sm">{asset.assigned_employee_name ?? 'N/A'}</Text>
        {asset.assigned_employee_username && (
          <Text size="xs" c="dimmed">
            @{asset.assigned_employee_username}
          </Text>
        )}
      </Stack>
    )
  if (asset.assigned_to_type === 'OFFICE') return <>Office</>
  return <>N/A</>
}

export const date = (v: string | null) => (v ? formatDate(v) : 'N/A')

export const columns = [
  { key: 'id', header: 'Asset ID', nowrap: true, render: (a: AssetListItem) => a.asset_display_id },
  { key: 'name', header: 'Asset Name', render: (a: AssetListItem) => a.name },
  { key: 'category', header: 'Category', render: (a: AssetListItem) => orNA(a.category) },
  {
    key: 'status',
    header: 'Status',
    nowrap: true,
    phone: 'aside' as const,
    render: (a: AssetListItem) => (
      <Badge color={statusColors[a.status]} variant="light">
        {a.status}
      </Badge>
    ),
  },
  { key: 'assigned', header: 'Assigned To', render: (a: AssetListItem) => <AssignedTo asset={a} /> },
  {
    key: 'purchase',
    header: 'Purchase Date',
    nowrap: true,
    render: (a: AssetListItem) => date(a.purchase_date),
  },
  {
    key: 'maintenance',
    header: 'Next Maintenance',
    nowrap: true,
    render: (a: AssetListItem) => date(a.next_maintenance_due),
  },
]

/** 'Due soon' shows why each asset is there: its maintenance date and when its warranty ends. */
export const dueSoonColumns = [
  ...columns.filter((c) => c.key !== 'purchase' && c.key !== 'category'),
  {
    key: 'warranty',
    header: 'Warranty Ends',
    nowrap: true,
    render: (a: AssetListItem) => date(a.warranty_expires_on),
  },
]

/** The Assets page's way into 'Due soon', with its count. */
export function DueSoonLink() {
  const count = useQuery(assetDueSoonCountQuery).data?.count
  return (
    <Button
      component={Link}
      to="/organization/assets/due-soon"
      variant="light"
      color={count ? 'orange' : 'gray'}
      leftSection={<IconCalendarDue size={16} aria-hidden />}
      rightSection={
        count === undefined ? null : (
          <Badge size="sm" circle={count < 10} color={count ? 'orange' : 'gray'} aria-hidden>
            {count}
          </Badge>
        )
      }
      aria-label={count === undefined ? 'Due Soon' : `Due Soon: ${count} assets`}
    >
      Due Soon
    </Button>
  )
}
