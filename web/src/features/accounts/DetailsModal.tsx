import { type AccountsUser, detailActions } from '@daftar/domain/accounts'
import type { Payment } from '@daftar/domain/accounts-contract'
import { fileEndpoints } from '@daftar/domain/files'
import { formatCurrency, formatDate, formatDateTime } from '@daftar/domain/format'
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { IconDownload, IconInfoCircle, IconMail, IconPencil, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { ScrollTable } from '../../ui/ScrollTable'
import { useNarrow } from '../../ui/use-narrow.ts'
import classes from './accounts.module.css'
import { accountsApi, type DocDetail, detailQuery, failureText } from './api.ts'
import { StatusBadge } from './DocumentsTable.tsx'
import { dateOf, idOf, type KindConfig, numberOf, partyOf } from './kinds.ts'

/** What the list needs of a document to record a payment on it or to edit it. */
export interface DocRef {
  id: string
  number: string
  status: DocDetail['status']
  due: number
}

import { EditPaymentModal, useDeletePayment } from './PaymentModals.tsx'

export interface DetailsModalProps {
  config: KindConfig
  id: string
  user: AccountsUser
  onClose: () => void
  onRecordPayment: (doc: DocRef) => void
  onEdit: (doc: DocRef) => void
}

const money = (v: number) => formatCurrency(v)

/** 'Invoice Details' or 'Bill Details': the document, its totals and its payment history. */
export function DetailsModal(props: DetailsModalProps) {
  const { config } = props
  const query = useQuery(detailQuery(config.kind, props.id))
  const doc = query.data
  return (
    <Modal opened onClose={props.onClose} title={config.detailsTitle} size="xl" centered zIndex={200}>
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" />
        </Center>
      ) : query.isError || !doc ? (
        <Alert color="red">{`Error: ${errorMessage(query.error, config.notFound)}`}</Alert>
      ) : (
        <DetailsBody {...props} doc={doc} />
      )}
    </Modal>
  )
}

function DetailsBody({
  config,
  doc,
  user,
  onClose,
  onRecordPayment,
  onEdit,
}: DetailsModalProps & { doc: DocDetail }) {
  const ref: DocRef = { id: idOf(doc), number: numberOf(doc), status: doc.status, due: doc.amount_due }
  const party = partyOf(doc)
  const gstin = 'client_gstin' in doc ? doc.client_gstin : doc.supplier_gstin
  const pdfKey = 'invoice_pdf_s3_key' in doc ? doc.invoice_pdf_s3_key : null
  const narrow = useNarrow()
  const actions = detailActions(doc.status, doc.amount_due, user)
  const [editing, setEditing] = useState<Payment | null>(null)
  const [deleting, setDeleting] = useState<Payment | null>(null)
  const remove = useDeletePayment()
  const email = useMutation({
    mutationFn: () => accountsApi.email(ref.id),
    onSuccess: (res) => notifySuccess(res.message),
    onError: (error) => notifyError(failureText(error, 'Failed to email invoice.')),
  })

  async function downloadPdf() {
    try {
      const { url } = await call(fileEndpoints.presignedUrl, {
        query: { key: pdfKey!, bucketType: 'documents', download: 'true' },
      })
      window.location.assign(url)
    } catch (error) {
      // A PDF URL failure is only logged (docs/product.md, "Messages").
      console.error('Could not get the PDF link', error)
    }
  }

  const heads: [string, number][] = [
    ['CGST', doc.cgst_amount],
    ['SGST', doc.sgst_amount],
    ['IGST', doc.igst_amount],
    ['Round Off', doc.round_off],
  ]
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {config.partyHeading}
          </Text>
          <Text fw={700}>{party.name}</Text>
          {gstin && <Text size="sm">GSTIN: {gstin}</Text>}
          {doc.project_name && (
            <Text size="sm" c="dimmed">
              Project: {doc.project_name}
            </Text>
          )}
        </div>
        <Stack gap={2}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {config.numberField}
            </Text>
            <Group gap="xs">
              <Text fw={700}>{ref.number}</Text>
              <StatusBadge status={doc.status} />
            </Group>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {config.dateField}
            </Text>
            <Text size="sm">{formatDate(dateOf(doc))}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Due Date
            </Text>
            <Text size="sm">{formatDate(doc.due_date)}</Text>
          </Group>
        </Stack>
      </SimpleGrid>
      {narrow ? (
        <LineCards lines={doc.line_items} />
      ) : (
        <ScrollTable minWidth={480} label="Line items">
          <Table verticalSpacing={6} aria-label="Line items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.line_items.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in its stored order
                <Table.Tr key={i}>
                  <Table.Td>
                    {line.description}
                    {line.sac_code && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · SAC/HSN {line.sac_code} · GST {line.gst_rate}%
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                  >{`${line.qty} ${line.unit}`}</Table.Td>
                  <Table.Td ta="right" className={classes.figure}>
                    {money(line.rate)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.figure}>
                    {money(line.basic_amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {doc.is_rcm && (
        <Alert color="orange" variant="light" py={6}>
          Reverse Charge Mechanism (RCM) Applicable
        </Alert>
      )}
      <Stack gap={4} ml="auto" w={{ base: '100%', sm: 320 }} className={classes.totals} aria-label="Totals">
        <TotalLine label="Subtotal" value={doc.subtotal} />
        {heads
          .filter(([, v]) => v !== 0)
          .map(([label, v]) => (
            <TotalLine key={label} label={label} value={v} />
          ))}
        <Divider />
        <TotalLine label="Total" value={doc.total_amount} strong />
        <TotalLine label="Paid" value={doc.amount_paid} />
        <TotalLine label="Balance Due" value={doc.amount_due} strong />
      </Stack>
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
            manage={actions.managePayments}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        ) : (
          <ScrollTable minWidth={480} label="Payment history">
            <Table verticalSpacing={6} aria-label="Payment history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  {actions.managePayments && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {doc.payment_details.map((p) => (
                  <Table.Tr key={p.payment_id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.date)}</Table.Td>
                    <Table.Td ta="right" className={classes.figure}>
                      {money(p.amount)}
                    </Table.Td>
                    <Table.Td>{p.mode}</Table.Td>
                    <Table.Td>{p.transaction_id || '—'}</Table.Td>
                    {actions.managePayments && (
                      <Table.Td>
                        <PaymentActions payment={p} onEdit={setEditing} onDelete={setDeleting} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </div>
      <Group justify="flex-end" gap="sm">
        {config.kind === 'RECEIVABLE' && pdfKey && (
          <>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={downloadPdf}>
              Download PDF
            </Button>
            <Button
              variant="default"
              leftSection={<IconMail size={16} />}
              loading={email.isPending}
              onClick={() => email.mutate()}
            >
              Email invoice
            </Button>
          </>
        )}
        {actions.recordPayment && (
          <Button color="teal" onClick={() => onRecordPayment(ref)}>
            Record Payment
          </Button>
        )}
        {actions.edit && (
          <Button variant="light" onClick={() => onEdit(ref)}>
            Edit
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      {editing && (
        <EditPaymentModal
          config={config}
          doc={{ number: ref.number, owed: doc.total_amount - doc.amount_paid }}
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
    </Stack>
  )
}

function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {money(value)}
      </Text>
    </Group>
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

/** A label and its value on one line of a phone card. */
function CardLine({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" className={classes.figure} ta="right">
        {value}
      </Text>
    </Group>
  )
}

/** Phones: each line item stacked, with its quantity, rate and amount labelled. */
function LineCards({ lines }: { lines: DocDetail['line_items'] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Line items">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in its stored order
        <Paper key={i} withBorder radius="sm" p="xs" role="listitem">
          <Text size="sm" fw={600}>
            {line.description}
          </Text>
          {line.sac_code && (
            <Text size="xs" c="dimmed">
              SAC/HSN {line.sac_code} · GST {line.gst_rate}%
            </Text>
          )}
          <CardLine label="Qty" value={`${line.qty} ${line.unit}`} />
          <CardLine label="Rate" value={money(line.rate)} />
          <CardLine label="Amount" value={money(line.basic_amount)} />
        </Paper>
      ))}
    </Stack>
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
