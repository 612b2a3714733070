import { accountMessages, accountsToday, type PaymentMode, paymentModes } from '@daftar/domain/accounts'
import type { Payment } from '@daftar/domain/accounts-contract'
import { formatCurrency } from '@daftar/domain/format'
import { toPaise } from '@daftar/domain/gst'
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea, CountedTextInput, DateField } from '../../ui/register-kit/fields.tsx'
import { accountsApi, accountsKey, failureText, type PaymentFields } from './api.ts'
import type { KindConfig } from './kinds.ts'

interface Errors {
  amount?: string
  date?: string
}

/** The spec's three rules, with the same words as the server. */
function validate(p: PaymentFields, limitPaise: number, overLimit: string): Errors {
  const errors: Errors = {}
  const amount = typeof p.amount === 'number' ? p.amount : Number(p.amount)
  if (p.amount === '' || !Number.isFinite(amount) || toPaise(amount) <= 0)
    errors.amount = accountMessages.positiveAmount
  else if (toPaise(amount) > limitPaise) errors.amount = overLimit
  if (!p.date) errors.date = accountMessages.paymentDateRequired
  return errors
}

function PaymentFieldsForm({
  amountLabel,
  value,
  onChange,
  errors,
  amountDue,
}: {
  amountLabel: string
  value: PaymentFields
  onChange: (v: PaymentFields) => void
  errors: Errors
  amountDue?: number
}) {
  const set = <K extends keyof PaymentFields>(key: K, v: PaymentFields[K]) => onChange({ ...value, [key]: v })
  return (
    <Stack gap="sm">
      {amountDue !== undefined && (
        <TextInput label="Amount Due" value={formatCurrency(amountDue)} readOnly variant="filled" />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={amountLabel}
          required
          value={value.amount}
          onChange={(v) => set('amount', v)}
          decimalScale={2}
          min={0}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          prefix="₹"
          error={errors.amount}
          data-autofocus
        />
        <DateField
          label="Payment Date"
          required
          clearable={false}
          value={value.date}
          onChange={(v) => set('date', v)}
          maxDate={accountsToday()}
          error={errors.date}
          popoverProps={{ zIndex: 400 }}
        />
        <Select
          label="Payment Mode"
          data={[...paymentModes]}
          value={value.mode}
          onChange={(v) => v && set('mode', v as PaymentMode)}
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
        />
        <CountedTextInput
          label="Transaction ID / Ref No."
          value={value.transactionId}
          onChange={(e) => set('transactionId', e.currentTarget.value)}
          maxLength={120}
        />
      </SimpleGrid>
      <CountedTextarea
        label="Notes"
        value={value.notes}
        onChange={(e) => set('notes', e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
    </Stack>
  )
}

const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['accounts'] })

/** Record Payment: mode Bank Transfer, the full amount due and today by default (docs/product.md, "Payments"). */
export function RecordPaymentModal({
  config,
  doc,
  onClose,
}: {
  config: KindConfig
  doc: { id: string; number: string; due: number }
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const [value, setValue] = useState<PaymentFields>({
    amount: doc.due,
    date: accountsToday(),
    mode: 'Bank Transfer',
    transactionId: '',
    notes: '',
  })
  const [errors, setErrors] = useState<Errors>({})
  // One key per opened form: a retry of the same request can never pay twice.
  const [key] = useState(() => crypto.randomUUID())
  const save = useMutation({
    mutationFn: () => accountsApi.recordPayment(config, doc.id, value, key),
    onSuccess: () => {
      notifySuccess(accountMessages.paymentRecorded)
      onClose()
    },
    onError: (error) => notifyError(failureText(error, 'Failed to record payment.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey(config.kind) }),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validate(value, toPaise(doc.due), accountMessages.exceedsDue)
    setErrors(found)
    if (!found.amount && !found.date) save.mutate()
  }
  return (
    <Modal
      opened
      onClose={save.isPending ? () => {} : onClose}
      title={`Record Payment for ${config.Noun} #${doc.number}`}
      centered
      zIndex={300}
    >
      <form onSubmit={submit} noValidate>
        <PaymentFieldsForm
          amountLabel={config.amountNow}
          value={value}
          onChange={setValue}
          errors={errors}
          amountDue={doc.due}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} color="teal">
            Confirm Payment
          </Button>
        </Group>
      </form>
    </Modal>
  )
}

/** Edit Payment (admins): up to the amount due plus this payment's own amount. */
export function EditPaymentModal({
  config,
  doc,
  payment,
  onClose,
}: {
  config: KindConfig
  doc: { number: string; due: number }
  payment: Payment
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const [value, setValue] = useState<PaymentFields>({
    amount: payment.amount,
    date: payment.date,
    mode: payment.mode,
    transactionId: payment.transaction_id ?? '',
    notes: payment.notes ?? '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const available = toPaise(doc.due) + toPaise(payment.amount)
  const save = useMutation({
    mutationFn: () => accountsApi.updatePayment(payment.payment_id, value, payment.version),
    onSuccess: () => {
      notifySuccess(accountMessages.paymentUpdated)
      onClose()
    },
    onError: (error) => notifyError(failureText(error, 'Failed to update payment.')),
    // A payment change refreshes everything in receivables and payables.
    onSettled: () => refreshAll(queryClient),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validate(value, available, accountMessages.exceedsBalance(formatCurrency(available / 100)))
    setErrors(found)
    if (!found.amount && !found.date) save.mutate()
  }
  return (
    <Modal
      opened
      onClose={save.isPending ? () => {} : onClose}
      title={`Edit Payment for ${config.Noun} #${doc.number}`}
      centered
      zIndex={300}
    >
      <form onSubmit={submit} noValidate>
        <PaymentFieldsForm
          amountLabel={config.amountEdit}
          value={value}
          onChange={setValue}
          errors={errors}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </form>
    </Modal>
  )
}

export function useDeletePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) => accountsApi.deletePayment(paymentId),
    onSuccess: () => notifySuccess(accountMessages.paymentDeleted),
    onError: (error) => notifyError(failureText(error, 'Failed to delete payment.')),
    onSettled: () => refreshAll(queryClient),
  })
}
