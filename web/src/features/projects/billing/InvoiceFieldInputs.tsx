import { SimpleGrid, TextInput } from '@mantine/core'
import { CountedTextarea, CountedTextInput, DateField } from '../../../ui/register-kit/fields.tsx'

/** The fields an invoice has on both add and edit (the PDF and status live beside them). */
export interface InvoiceFieldValues {
  invoice_no: string
  title: string
  description: string
  amount: string
  cost_incurred: string
  invoice_date: string
}

export const invoiceFieldValues = (v?: {
  invoice_no: string
  title: string
  description: string | null
  amount: number
  cost_incurred: number | null
  invoice_date: string
}): InvoiceFieldValues => ({
  invoice_no: v?.invoice_no ?? '',
  title: v?.title ?? '',
  description: v?.description ?? '',
  amount: v ? String(v.amount) : '',
  cost_incurred: v?.cost_incurred === null || v?.cost_incurred === undefined ? '' : String(v.cost_incurred),
  invoice_date: v?.invoice_date ?? '',
})

const money = (text: string) => text.replace(/[^\d.]/g, '')

export function InvoiceFieldInputs({
  value,
  onChange,
}: {
  value: InvoiceFieldValues
  onChange: (value: InvoiceFieldValues) => void
}) {
  const set = (key: keyof InvoiceFieldValues, text: string) => onChange({ ...value, [key]: text })
  /** A text input's value and change of one field, its text cleaned as it is typed (amounts). */
  const text = (
    key: Exclude<keyof InvoiceFieldValues, 'invoice_date'>,
    clean = (typed: string) => typed,
  ) => ({
    value: value[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, clean(e.currentTarget.value)),
  })
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CountedTextInput label="Invoice No" required {...text('invoice_no')} maxLength={60} data-autofocus />
        <DateField
          label="Invoice Date"
          required
          value={value.invoice_date || null}
          onChange={(v) => set('invoice_date', v ?? '')}
        />
      </SimpleGrid>
      <CountedTextInput label="Title" required {...text('title')} maxLength={200} />
      <CountedTextarea label="Description" {...text('description')} autosize minRows={2} maxLength={2000} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Amount (₹)"
          required
          inputMode="decimal"
          placeholder="0.00"
          {...text('amount', money)}
          maxLength={15}
        />
        <TextInput
          label="Cost Incurred (₹)"
          inputMode="decimal"
          placeholder="0.00"
          {...text('cost_incurred', money)}
          maxLength={15}
        />
      </SimpleGrid>
    </>
  )
}
