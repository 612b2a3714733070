import {
  billingMessages,
  createInvoiceInput,
  INVOICE_PDF_MAX_BYTES,
  type InvoiceStatus,
} from '@daftar/domain/billing'
import { todayIso } from '@daftar/domain/format'
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { IconFileTypePdf } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod'
import { describeFailure, errorMessage } from '../../../api/client.ts'
import { LeaveGuard } from '../../../ui/form/LeaveGuard.tsx'
import { notifyError, notifySuccess } from '../../../ui/notify.ts'
import { CountedTextInput, DateField } from '../../../ui/register-kit/fields.tsx'
import { billingApi } from '../api.ts'
import { InvoiceFieldInputs, invoiceFieldValues } from './InvoiceFieldInputs.tsx'

function pdfProblem(file: File | null): string | null {
  if (!file) return null
  if (file.type !== 'application/pdf') return billingMessages.pdfOnly
  if (file.size > INVOICE_PDF_MAX_BYTES) return billingMessages.pdfTooLarge
  return null
}

/** Add Invoice: multipart with the PDF as invoice_pdf; a PENDING invoice sends no clearance details. */
export function AddInvoiceModal({
  projectId,
  onClose,
  onSaved,
}: {
  projectId: string
  onClose: () => void
  onSaved: () => void
}) {
  const [fields, setFields] = useState(() => ({ ...invoiceFieldValues(), invoice_date: todayIso() }))
  const [status, setStatus] = useState<InvoiceStatus>('PENDING')
  const [transactionId, setTransactionId] = useState('')
  const [clearanceDate, setClearanceDate] = useState(todayIso())
  const [pdf, setPdf] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pristine] = useState(() => JSON.stringify(fields))

  const add = useMutation({
    // The fields as the schema checked them above, trimmed, blank ones left out (the server parses them).
    mutationFn: ({ input, pdf }: { input: Record<string, string>; pdf: File }) =>
      billingApi.add(projectId, input as z.input<typeof createInvoiceInput>, pdf),
    onSuccess: (res) => {
      notifySuccess(res.message)
      onSaved()
      onClose()
    },
    onError: (err) => {
      notifyError(errorMessage(err, 'Failed to add invoice.'))
      setError(describeFailure(err, 'Failed to create.', 'An unexpected error occurred.'))
    },
  })

  function submit() {
    setError(null)
    const cleared = status === 'CLEARED'
    const input = {
      ...fields,
      status,
      ...(cleared ? { transaction_id: transactionId, clearance_date: clearanceDate } : {}),
    }
    const parsed = createInvoiceInput.safeParse(input)
    if (!pdf || !parsed.success)
      return setError(parsed.error?.issues[0]?.message ?? billingMessages.addRequired)
    const problem = pdfProblem(pdf)
    if (problem) return setError(problem)
    const sent: Record<string, string> = {}
    for (const [key, value] of Object.entries(input)) if (value.trim()) sent[key] = value.trim()
    add.mutate({ input: sent, pdf })
  }

  const unsaved =
    (JSON.stringify(fields) !== pristine || pdf !== null || transactionId !== '') &&
    !add.isPending &&
    !add.isSuccess
  return (
    <>
      <LeaveGuard when={unsaved} />
      <Modal opened onClose={add.isPending ? () => {} : onClose} title="Add Invoice" centered size="lg">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <InvoiceFieldInputs value={fields} onChange={setFields} />
            <div>
              <Text size="sm" fw={500} mb={4} id="invoice-status-label">
                Status
              </Text>
              <SegmentedControl
                aria-labelledby="invoice-status-label"
                data={[
                  { value: 'PENDING', label: 'Pending' },
                  { value: 'CLEARED', label: 'Cleared' },
                ]}
                value={status}
                onChange={(v) => setStatus(v as InvoiceStatus)}
              />
            </div>
            {status === 'CLEARED' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <CountedTextInput
                  label="Transaction ID"
                  value={transactionId}
                  onChange={(e) => setTransactionId(e.currentTarget.value)}
                  maxLength={120}
                />
                <DateField
                  label="Date of Clearance"
                  required
                  value={clearanceDate || null}
                  onChange={(v) => setClearanceDate(v ?? '')}
                />
              </SimpleGrid>
            )}
            <FileInput
              label="Invoice PDF"
              description="PDF only, up to 25 MB."
              placeholder="Choose a PDF"
              required
              accept="application/pdf"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              value={pdf}
              clearable
              onChange={(file) => {
                setPdf(file)
                setError(pdfProblem(file))
              }}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={add.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add Invoice
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
