import { type AccountStatus, isDueDateRed, rowMenu } from '@daftar/domain/accounts'
import { formatCurrency, formatDate } from '@daftar/domain/format'
import { ActionIcon, Anchor, Badge, Menu, Text } from '@mantine/core'
import {
  IconBan,
  IconCash,
  IconDots,
  IconEye,
  IconPencil,
  IconSend,
  IconTrash,
  IconTruckDelivery,
} from '@tabler/icons-react'
import { Link } from 'react-router'
import type { Column } from '../../ui/list/DataTable.tsx'
import { recordHref } from '../../ui/register-kit/roots.ts'
import classes from './accounts.module.css'
import type { DocRow } from './api.ts'
import { type KindConfig, numberOf, partyOf, statusColors, statusLabels } from './kinds.ts'

export type RowAction = 'markLive' | 'recordPayment' | 'edit' | 'view' | 'cancel' | 'delete'

export function StatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge color={statusColors[status]} variant={status === 'CANCELLED' ? 'outline' : 'light'} radius="sm">
      {statusLabels[status]}
    </Badge>
  )
}

export interface ColumnOptions {
  today: string
  isAdmin: boolean
  /** May record payments: admins and accountants. */
  canPay: boolean
  onAction: (action: RowAction, row: DocRow) => void
}

/**
 * The list's columns (docs/product.md, "Lists, summary and export"): status, number, party, project,
 * due date (red when past and still owed), total, amount due and the row menu. On a phone each row is
 * a card headed by its number, with the amount due aside.
 */
export function documentColumns(config: KindConfig, o: ColumnOptions): Column<DocRow>[] {
  return [
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'number',
      header: config.numberLabel,
      phone: 'title',
      render: (r) => (
        <Text span fw={600} size="sm">
          {numberOf(r)}
        </Text>
      ),
    },
    {
      key: 'party',
      header: config.partyLabel,
      render: (r) => {
        const party = partyOf(r)
        return (
          <Anchor component={Link} to={config.partyLink(party.id)} size="sm">
            {party.name}
          </Anchor>
        )
      },
    },
    {
      key: 'project',
      header: 'Project',
      render: (r) =>
        r.project_id ? (
          <Anchor component={Link} to={recordHref('PROJECT', r.project_id)} size="sm">
            {r.project_name}
          </Anchor>
        ) : (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'due',
      header: 'Due Date',
      nowrap: true,
      render: (r) => {
        const red = isDueDateRed(r.status, r.due_date, o.today)
        return (
          <Text span size="sm" className={red ? classes.pastDue : undefined} data-past-due={red || undefined}>
            {formatDate(r.due_date)}
          </Text>
        )
      },
    },
    {
      key: 'total',
      header: 'Total Amount',
      align: 'right',
      nowrap: true,
      render: (r) => <span className={classes.figure}>{formatCurrency(r.total_amount)}</span>,
    },
    {
      key: 'amountDue',
      header: 'Amount Due',
      align: 'right',
      nowrap: true,
      phone: 'aside',
      render: (r) => <span className={classes.figure}>{formatCurrency(r.amount_due)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (r) => <RowMenu config={config} row={r} {...o} />,
    },
  ]
}

function RowMenu({
  config,
  row,
  isAdmin,
  canPay,
  onAction,
}: ColumnOptions & { config: KindConfig; row: DocRow }) {
  const menu = rowMenu(config.kind, row.status, isAdmin, canPay)
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${numberOf(row)}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {menu.markLive && (
          <Menu.Item
            leftSection={
              config.kind === 'RECEIVABLE' ? <IconSend size={16} /> : <IconTruckDelivery size={16} />
            }
            onClick={() => onAction('markLive', row)}
          >
            {config.markLive}
          </Menu.Item>
        )}
        {menu.recordPayment && (
          <Menu.Item leftSection={<IconCash size={16} />} onClick={() => onAction('recordPayment', row)}>
            Record Payment
          </Menu.Item>
        )}
        {menu.edit && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', row)}>
            Edit
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onAction('view', row)}>
          View Info
        </Menu.Item>
        {menu.cancel && (
          <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => onAction('cancel', row)}>
            {config.cancelAction}
          </Menu.Item>
        )}
        {(menu.deleteDraft || menu.deletePermanently) && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onAction('delete', row)}
          >
            {menu.deleteDraft ? 'Delete Draft' : 'Delete Permanently'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}
