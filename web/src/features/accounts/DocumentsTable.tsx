import { accountsToday, isDueDateRed, rowMenu } from '@daftar/domain/accounts'
import { formatCurrency, formatDate } from '@daftar/domain/format'
import {
  ActionIcon,
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
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
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { ScrollTable } from '../../ui/ScrollTable'
import classes from './accounts.module.css'
import type { DocRow } from './api.ts'
import { type KindConfig, statusColors, statusLabels } from './kinds.ts'

export type RowAction = 'markLive' | 'recordPayment' | 'edit' | 'view' | 'cancel' | 'delete'

export interface DocumentsTableProps {
  config: KindConfig
  rows: DocRow[]
  isAdmin: boolean
  /** May record payments: admins and accountants. */
  canPay: boolean
  loading: boolean
  error: string | null
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  onAction: (action: RowAction, row: DocRow) => void
}

export function StatusBadge({ status }: { status: DocRow['status'] }) {
  return (
    <Badge color={statusColors[status]} variant={status === 'CANCELLED' ? 'outline' : 'light'} radius="sm">
      {statusLabels[status]}
    </Badge>
  )
}

/** The list: status, number, party, project, due date, amounts and the row menu; more rows load by scrolling. */
export function DocumentsTable(props: DocumentsTableProps) {
  const { config, rows } = props
  const today = accountsToday()
  const lastRow = useRef<HTMLTableRowElement>(null)
  const lastCard = useRef<HTMLDivElement>(null)
  const narrow = useMediaQuery('(max-width: 48em)')
  const { hasMore, loadingMore, onLoadMore } = props

  // The next page loads when the last row is half visible.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last row (rows.length) must be observed
  useEffect(() => {
    const node = narrow ? lastCard.current : lastRow.current
    if (!node || !hasMore) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting && !loadingMore) onLoadMore()
      },
      { threshold: 0.5 },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [rows.length, narrow, hasMore, loadingMore, onLoadMore])

  const span = 8
  let body: React.ReactNode
  if (props.loading) body = <StateRow span={span} text={config.loading} busy />
  else if (props.error) body = <StateRow span={span} text={props.error} color="red" />
  else if (rows.length === 0) body = <StateRow span={span} text={config.empty} />
  else
    body = rows.map((row, index) => {
      const red = isDueDateRed(row.status, row.dueDate, today)
      return (
        <Table.Tr
          key={row.id}
          ref={index === rows.length - 1 ? lastRow : undefined}
          className={classes.row}
          onClick={(e) => {
            if (!(e.target as HTMLElement).closest('a, button, [role="menuitem"]'))
              props.onAction('view', row)
          }}
        >
          <Table.Td>
            <StatusBadge status={row.status} />
          </Table.Td>
          <Table.Td fw={600}>{row.number}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={config.partyLink(row.partyId)} size="sm">
              {row.partyName}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {row.projectId ? (
              <Anchor component={Link} to={`/projects/${row.projectId}`} size="sm">
                {row.projectName}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td
            className={red ? classes.pastDue : undefined}
            data-past-due={red || undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatDate(row.dueDate)}
          </Table.Td>
          <Table.Td ta="right" className={classes.figure}>
            {formatCurrency(row.total)}
          </Table.Td>
          <Table.Td ta="right" className={classes.figure}>
            {formatCurrency(row.due)}
          </Table.Td>
          <Table.Td ta="right">
            <RowMenu
              config={config}
              row={row}
              isAdmin={props.isAdmin}
              canPay={props.canPay}
              onAction={props.onAction}
            />
          </Table.Td>
        </Table.Tr>
      )
    })

  const cards = narrow && !props.loading && !props.error && rows.length > 0
  return (
    <>
      {cards ? (
        <DocumentCards
          config={config}
          rows={rows}
          isAdmin={props.isAdmin}
          canPay={props.canPay}
          onAction={props.onAction}
          lastRow={lastCard}
          today={today}
        />
      ) : (
        <ScrollTable minWidth={narrow ? 0 : 860} label={config.title}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-label={config.title}
            aria-busy={props.loading || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>{config.numberLabel}</Table.Th>
                <Table.Th>{config.partyLabel}</Table.Th>
                <Table.Th>Project</Table.Th>
                <Table.Th>Due Date</Table.Th>
                <Table.Th ta="right">Total Amount</Table.Th>
                <Table.Th ta="right">Amount Due</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {rows.length > 0 && !props.error && (
        <Center py="sm" role="status">
          {props.loadingMore ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Loading more...
              </Text>
            </Group>
          ) : hasMore ? null : (
            <Text size="sm" c="dimmed">
              You've reached the end.
            </Text>
          )}
        </Center>
      )}
    </>
  )
}

function RowMenu({
  config,
  row,
  isAdmin,
  canPay,
  onAction,
}: {
  config: KindConfig
  row: DocRow
  isAdmin: boolean
  canPay: boolean
  onAction: (action: RowAction, row: DocRow) => void
}) {
  const menu = rowMenu(config.kind, row.status, isAdmin, canPay)
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.number}`}>
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

/** Phones: one card per document, with the figures a person needs and the same menu. */
function DocumentCards({
  config,
  rows,
  isAdmin,
  canPay,
  onAction,
  lastRow,
  today,
}: {
  config: KindConfig
  rows: DocRow[]
  isAdmin: boolean
  canPay: boolean
  onAction: (action: RowAction, row: DocRow) => void
  lastRow: React.RefObject<HTMLDivElement | null>
  today: string
}) {
  return (
    <Stack gap="xs" aria-label={config.title}>
      {rows.map((row, index) => {
        const red = isDueDateRed(row.status, row.dueDate, today)
        return (
          <Paper
            key={row.id}
            ref={index === rows.length - 1 ? lastRow : undefined}
            withBorder
            radius="md"
            p="sm"
            data-testid="account-card"
            className={classes.row}
            onClick={(e) => {
              if (!(e.target as HTMLElement).closest('a, button, [role="menuitem"]')) onAction('view', row)
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fw={700} truncate>
                  {row.number}
                </Text>
                <StatusBadge status={row.status} />
              </Group>
              <RowMenu config={config} row={row} isAdmin={isAdmin} canPay={canPay} onAction={onAction} />
            </Group>
            <Anchor component={Link} to={config.partyLink(row.partyId)} size="sm">
              {row.partyName}
            </Anchor>
            {row.projectId && (
              <Text size="xs" c="dimmed">
                {row.projectName}
              </Text>
            )}
            <Group justify="space-between" mt={4} wrap="nowrap">
              <Text size="sm" className={red ? classes.pastDue : undefined} data-past-due={red || undefined}>
                Due {formatDate(row.dueDate)}
              </Text>
              <Text size="sm" className={classes.figure}>
                {formatCurrency(row.due)} of {formatCurrency(row.total)}
              </Text>
            </Group>
          </Paper>
        )
      })}
    </Stack>
  )
}

function StateRow({
  span,
  text,
  color,
  busy,
}: {
  span: number
  text: string
  color?: string
  busy?: boolean
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Center py="xl">
          <Group gap="sm" role={color === 'red' ? 'alert' : 'status'}>
            {busy && <Loader size="sm" />}
            <Text c={color ?? 'dimmed'} size="sm">
              {text}
            </Text>
          </Group>
        </Center>
      </Table.Td>
    </Table.Tr>
  )
}
