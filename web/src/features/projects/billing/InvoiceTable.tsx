import { formatCurrency, formatDate } from '@daftar/domain/format'
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core'
import {
  IconCircleCheck,
  IconDownload,
  IconEye,
  IconPencil,
  IconRotate,
  IconTrash,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { canWrite, type RecordAccess } from '../../../ui/access-api.ts'
import { useStoredFile } from '../../../ui/files.ts'
import { DataTable } from '../../../ui/list/DataTable.tsx'
import type { Invoice } from '../api.ts'

export type InvoiceDialog = { kind: 'edit' | 'status' | 'delete'; invoice: Invoice } | { kind: 'add' } | null

function IconButton(props: { label: string; color?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={props.label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={props.color ?? 'gray'}
        aria-label={props.label}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  )
}

export function InvoiceTable(props: {
  invoices: Invoice[] | undefined
  loading: boolean
  error: string | null
  access: RecordAccess
  onDialog: (dialog: InvoiceDialog) => void
}) {
  const files = useStoredFile('documents')
  const admin = props.access === 'ADMIN'
  return (
    <DataTable<Invoice>
      label="Invoices"
      minWidth={980}
      rows={props.invoices}
      rowKey={(i) => i.invoice_id}
      loading={props.loading}
      loadingText="Loading invoices..."
      // Room for a few invoices whether loading or loaded, so the tab does not jump.
      skeleton={{ rows: 5, minHeight: 300 }}
      error={props.error}
      emptyText="No invoices yet."
      columns={[
        {
          key: 'no',
          header: 'Invoice No',
          nowrap: true,
          render: (i) => (
            <Text fw={600} size="sm">
              {i.invoice_no}
            </Text>
          ),
        },
        {
          key: 'title',
          header: 'Title',
          render: (i) => (
            <div>
              <Text size="sm">{i.title}</Text>
              {i.description && (
                <Text size="xs" c="dimmed" lineClamp={1} title={i.description}>
                  {i.description}
                </Text>
              )}
            </div>
          ),
        },
        { key: 'date', header: 'Date', nowrap: true, render: (i) => formatDate(i.invoice_date) },
        {
          key: 'amount',
          header: 'Amount',
          align: 'right',
          nowrap: true,
          render: (i) => formatCurrency(i.amount),
        },
        {
          key: 'cost',
          header: 'Cost Incurred',
          align: 'right',
          nowrap: true,
          render: (i) => formatCurrency(i.cost_incurred),
        },
        {
          key: 'status',
          header: 'Status',
          phone: 'aside',
          render: (i) => (
            <div>
              <Badge color={i.status === 'CLEARED' ? 'teal' : 'yellow'} variant="light">
                {i.status}
              </Badge>
              {i.status === 'CLEARED' && (
                <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(i.clearance_date)}
                  {i.transaction_id ? ` · Txn ${i.transaction_id}` : ''}
                </Text>
              )}
            </div>
          ),
        },
        {
          key: 'pdf',
          header: 'PDF',
          render: (i) => (
            <Group gap={2} wrap="nowrap">
              <IconButton
                label={`View PDF of invoice ${i.invoice_no}`}
                onClick={() => files.view(i.invoice_pdf_s3_key)}
              >
                <IconEye size={18} />
              </IconButton>
              <IconButton
                label={`Download PDF of invoice ${i.invoice_no}`}
                onClick={() => files.download(i.invoice_pdf_s3_key)}
              >
                <IconDownload size={18} />
              </IconButton>
            </Group>
          ),
        },
        {
          key: 'actions',
          header: <span className="visually-hidden">Actions</span>,
          label: 'Actions',
          align: 'right',
          render: (i) => (
            <Group gap={2} justify="flex-end" wrap="nowrap">
              {canWrite(props.access) && (
                <IconButton
                  label={`Edit invoice ${i.invoice_no}`}
                  onClick={() => props.onDialog({ kind: 'edit', invoice: i })}
                >
                  <IconPencil size={18} />
                </IconButton>
              )}
              {admin && (
                <IconButton
                  label={
                    i.status === 'PENDING'
                      ? `Mark invoice ${i.invoice_no} as cleared`
                      : `Mark invoice ${i.invoice_no} as pending`
                  }
                  color={i.status === 'PENDING' ? 'teal' : 'yellow'}
                  onClick={() => props.onDialog({ kind: 'status', invoice: i })}
                >
                  {i.status === 'PENDING' ? <IconCircleCheck size={18} /> : <IconRotate size={18} />}
                </IconButton>
              )}
              {admin && (
                <IconButton
                  label={`Delete invoice ${i.invoice_no}`}
                  color="red"
                  onClick={() => props.onDialog({ kind: 'delete', invoice: i })}
                >
                  <IconTrash size={18} />
                </IconButton>
              )}
            </Group>
          ),
        },
      ]}
    />
  )
}
