import {
  billingMessages,
  createInvoiceInput,
  INVOICE_PDF_MAX_BYTES,
  type InvoiceStatus,
} from '@daftar/domain/billing'
import { todayIso } from '@daftar/domain/format'
import { FileInput, SegmentedControl, SimpleGrid, Text } from '@mantine/core'
import { IconFileTypePdf } from '@tabler/icons-react'
import { useState } from 'react'
import { z } from 'zod'
import { describeFailure } from '../../../api/client.ts'
import { FormFailure } from '../../../ui/form/FormFailure.tsx'
import { ModalForm } from '../../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../../ui/form/use-schema-form.tsx'
import { CountedTextInput, DateField } from '../../../ui/register-kit/fields.tsx'
import { billingApi, type InvoiceDialogProps, savedThenClosed } from '../api.ts'
import { InvoiceFieldInputs, type InvoiceFieldValues, invoiceFieldValues } from './InvoiceFieldInputs.tsx'

function pdfProblem(file: File | null): string | null {
  if (!file) return null
  if (file.type !== 'application/pdf') return billingMessages.pdfOnly
  if (file.size > INVOICE_PDF_MAX_BYTES) return billingMessages.pdfTooLarge
  return null
}

/** The add form: the invoice's multipart fields and its PDF, which the spec requires beside them. */
const addForm = z.intersection(
  createInvoiceInput,
  z.object({
    invoice_pdf: z
      .custom<File>((v) => v instanceof File, billingMessages.addRequired)
      .superRefine((file, ctx) => {
        const problem = pdfProblem(file)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
  }),
)

/**
 * Add Invoice: multipart with the PDF as invoice_pdf; a PENDING invoice sends no clearance details. On
 * the one form hook: the create's domain schema and the PDF, refused in one line of the spec's words,
 * one request per submit, and 'Discard changes?' before typed input is thrown away.
 */
export function AddInvoiceModal(
  props: Omit<InvoiceDialogProps, 'invoice'> & {
    projectId: string
  },
) {
  const { projectId, onClose } = props
  const [refused, setRefused] = useState<string | null>(null)
  const f = useSchemaForm({
    schema: addForm,
    initialValues: {
      ...invoiceFieldValues(),
      invoice_date: todayIso(),
      status: 'PENDING' as InvoiceStatus,
      transaction_id: '',
      clearance_date: todayIso() as string | null,
      invoice_pdf: null as File | null,
    },
    submit: ({ invoice_pdf, ...fields }) => {
      const cleared = fields.status === 'CLEARED'
      return billingApi.add(
        projectId,
        { ...fields, ...(cleared ? {} : { transaction_id: null, clearance_date: null }) },
        invoice_pdf,
      )
    },
    failed: 'Failed to add invoice.',
    describeFailure: (error) => describeFailure(error, 'Failed to create.', 'An unexpected error occurred.'),
    onSuccess: savedThenClosed(props),
    onInvalid: (errors) => setRefused(String(Object.values(errors)[0] ?? billingMessages.addRequired)),
    validateInputOnBlur: false,
  })
  const values = f.form.getValues()
  const set = (changes: Partial<typeof values>) => {
    setRefused(null)
    f.form.setValues(changes)
  }
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title="Add Invoice"
      size="lg"
      gap="sm"
      failure={<FormFailure failure={f.failure} refused={refused} />}
      submit={{ submitLabel: 'Add Invoice', mt: 'xs' }}
    >
      <InvoiceFieldInputs value={values} onChange={(v: InvoiceFieldValues) => set(v)} />
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
          value={values.status}
          onChange={(v) => set({ status: v as InvoiceStatus })}
        />
      </div>
      {values.status === 'CLEARED' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <CountedTextInput
            label="Transaction ID"
            value={values.transaction_id}
            onChange={(e) => set({ transaction_id: e.currentTarget.value })}
            maxLength={120}
          />
          <DateField
            label="Date of Clearance"
            required
            value={values.clearance_date || null}
            onChange={(v) => set({ clearance_date: v ?? '' })}
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
        value={values.invoice_pdf}
        clearable
        onChange={(file) => {
          set({ invoice_pdf: file })
          setRefused(pdfProblem(file))
        }}
      />
    </ModalForm>
  )
}
