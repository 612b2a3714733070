import { type AccountsUser, detailActions } from '@daftar/domain/accounts'
import { fileEndpoints } from '@daftar/domain/files'
import { formatDate } from '@daftar/domain/format'
import { Alert, Button, Center, Divider, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconDownload, IconFileInvoice, IconMail } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { HistoryTabs } from '../../ui/history/HistoryTabs.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import classes from './accounts.module.css'
import { accountsApi, type DocDetail, detailQuery } from './api.ts'
import { LineItems, money } from './DetailLines.tsx'
import { PaymentHistory } from './DetailPayments.tsx'
import { DetailReminders } from './DetailReminders.tsx'
import { StatusBadge } from './DocumentsTable.tsx'
import { dateOf, idOf, type KindConfig, numberOf, partyOf } from './kinds.ts'
import { resumeKeptPayment } from './PaymentModals.tsx'

/** What the list needs of a document to record a payment on it or to edit it. */
export interface DocRef {
  id: string
  number: string
  status: DocDetail['status']
  due: number
  /** The invoice's or the bill's own date. */
  dated: string
}

export interface DetailsModalProps {
  config: KindConfig
  id: string
  user: AccountsUser
  onClose: () => void
  onRecordPayment: (doc: DocRef) => void
  onEdit: (doc: DocRef) => void
}

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
  const ref: DocRef = {
    id: idOf(doc),
    number: numberOf(doc),
    status: doc.status,
    due: doc.amount_due,
    dated: dateOf(doc),
  }
  const pdfKey = 'invoice_pdf_s3_key' in doc ? doc.invoice_pdf_s3_key : null
  const actions = detailActions(doc.status, doc.amount_due, user)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the document has been read
  useEffect(
    () => resumeKeptPayment(config.kind, ref.id, actions.recordPayment, () => onRecordPayment(ref)),
    [],
  )
  const email = useMutation({
    mutationFn: () => accountsApi.email(ref.id),
    onSuccess: (res) => notifySuccess(res.message),
    onError: (error) => notifyError(errorMessage(error, 'Failed to email invoice.')),
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

  return (
    <Stack gap="md">
      {/* The document and its History (docs/decisions.md, "History and activity"). */}
      <HistoryTabs
        tab={{ value: 'details', label: 'Details', icon: <IconFileInvoice size={16} /> }}
        entityType={config.kind}
        entityId={ref.id}
      >
        <Stack gap="lg">
          <DocumentView config={config} doc={doc} manage={actions.managePayments} />
          {'receivable_id' in doc && <DetailReminders doc={doc} user={user} />}
        </Stack>
      </HistoryTabs>
      <Group justify="flex-end" gap="sm">
        {config.kind === 'RECEIVABLE' && pdfKey && (
          <>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={downloadPdf}>
              Download PDF
            </Button>
            {actions.email && (
              <Button
                variant="default"
                leftSection={<IconMail size={16} />}
                loading={email.isPending}
                onClick={() => email.mutate()}
              >
                Email invoice
              </Button>
            )}
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
    </Stack>
  )
}

/** The document itself: parties, dates, lines, totals and its payments. */
function DocumentView({ config, doc, manage }: { config: KindConfig; doc: DocDetail; manage: boolean }) {
  const party = partyOf(doc)
  const gstin = 'client_gstin' in doc ? doc.client_gstin : doc.supplier_gstin
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
              <Text fw={700}>{numberOf(doc)}</Text>
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
      <LineItems lines={doc.line_items} />
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
      <PaymentHistory config={config} doc={doc} number={numberOf(doc)} manage={manage} />
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
