import type { Payment } from '@daftar/domain/accounts-contract'
import { formatDate, formatDateTime } from '@daftar/domain/format'
import { ActionIcon, Group, Paper, Popover, Stack, Table, Text } from '@mantine/core'
import { IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { useNarrow } from '../../ui/use-narrow.ts'
import classes from './accounts.module.css'
import type { DocDetail } from './api.ts'
import { CardLine, DetailTable, money } from './DetailLines.tsx'
import { dateOf, type KindConfig } from './kinds.ts'
import { EditPaymentModal, useDeletePayment } from './PaymentModals.tsx'

/** A document's payment history, with the admin's edit and delete of one payment. */
export function PaymentHistory({
  config,
  doc,
  number,
  manage,
}: {
  config: KindConfig
  doc: DocDetail
  number: string
  manage: boolean
}) {
  const narrow = useNarrow()
  const [editing, setEditing] = useState<Payment | null>(null)
  const [deleting, setDeleting] = useState<Payment | null>(null)
  const remove = useDeletePayment()
  return (
    <>
      <div>
        <Text fw={700} mb={4}>
          Payment History
        </Text>
        {doc.payment_details.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments recorded yet.
          </Text>
        ) : narrow ? (
          <PaymentCards
            payments={doc.payment_details}
            manage={manage}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        ) : (
          <DetailTable
            label="Payment history"
            headers={['Date', 'Amount', 'Mode', 'Reference', ...(manage ? [''] : [])]}
            figures={['Amount']}
          >
            {doc.payment_details.map((p) => (
              <Table.Tr key={p.payment_id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.date)}</Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {money(p.amount)}
                </Table.Td>
                <Table.Td>{p.mode}</Table.Td>
                <Table.Td>{p.transaction_id || '—'}</Table.Td>
                {manage && (
                  <Table.Td>
                    <PaymentActions payment={p} onEdit={setEditing} onDelete={setDeleting} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </DetailTable>
        )}
      </div>
      {editing && (
        <EditPaymentModal
          config={config}
          doc={{ number, dated: dateOf(doc), owed: doc.total_amount - doc.amount_paid }}
          payment={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Payment"
        message={`Are you sure you want to delete the payment of ${money(deleting?.amount ?? 0)} dated ${formatDate(deleting?.date)}?`}
        confirmLabel="Delete"
        color="red"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => remove.mutate(deleting!.payment_id, { onSettled: () => setDeleting(null) })}
      />
    </>
  )
}

/** Edit, delete and who recorded it: the admin's actions on one payment. */
function PaymentActions({
  payment: p,
  onEdit,
  onDelete,
}: {
  payment: Payment
  onEdit: (p: Payment) => void
  onDelete: (p: Payment) => void
}) {
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" aria-label="Edit payment" onClick={() => onEdit(p)}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label="Delete payment" onClick={() => onDelete(p)}>
        <IconTrash size={16} />
      </ActionIcon>
      <Popover withinPortal position="left" zIndex={400}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Payment info">
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="xs">
            Recorded by {p.recorded_by_username ?? 'N/A'} on {formatDateTime(p.recorded_at)}
          </Text>
          <Text size="xs">
            Last updated by {p.updated_by_username ?? 'N/A'} on {formatDateTime(p.updated_at)}
          </Text>
          {p.notes && (
            <Text size="xs" c="dimmed" mt={4}>
              {p.notes}
            </Text>
          )}
        </Popover.Dropdown>
      </Popover>
    </Group>
  )
}
/** Phones: each payment a card with its date, amount, mode and reference, and the admin's actions. */
function PaymentCards({
  payments,
  manage,
  onEdit,
  onDelete,
}: {
  payments: Payment[]
  manage: boolean
  onEdit: (p: Payment) => void
  onDelete: (p: Payment) => void
}) {
  return (
    <Stack gap="xs" role="list" aria-label="Payment history">
      {payments.map((p) => (
        <Paper key={p.payment_id} withBorder radius="sm" p="xs" role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {formatDate(p.date)}
            </Text>
            <Text size="sm" fw={700} className={classes.figure}>
              {money(p.amount)}
            </Text>
          </Group>
          <CardLine label="Mode" value={p.mode} />
          <CardLine label="Reference" value={p.transaction_id || '—'} />
          {manage && <PaymentActions payment={p} onEdit={onEdit} onDelete={onDelete} />}
        </Paper>
      ))}
    </Stack>
  )
}
