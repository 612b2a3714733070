import {
  type AccountKind,
  accountMessages,
  accountsToday,
  type PaymentMode,
  paymentInputWithin,
  paymentModes,
  paymentUpdateWithin,
} from '@daftar/domain/accounts'
import {
  accountsEndpoints,
  type Payment,
  payableEndpoints,
  receivableEndpoints,
} from '@daftar/domain/accounts-contract'
import { formatCurrency, formatDate } from '@daftar/domain/format'
import { toPaise } from '@daftar/domain/gst'
import { Alert, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call, errorMessage } from '../../api/client.ts'
import { forgetDraft, hasDraft, keptDraftKeys } from '../../ui/drafts.ts'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import {
  CountedTextarea,
  CountedTextInput,
  DateField,
  type FieldsForm,
} from '../../ui/register-kit/fields.tsx'
import { accountsApi } from './api.ts'
import type { KindConfig } from './kinds.ts'

/** Record Payment's draft kept across an expired session names its document. */
const paymentDraftPrefix = (kind: AccountKind) => `payment:record:${kind}:`
export const paymentDraftKey = (kind: AccountKind, id: string) => paymentDraftPrefix(kind) + id

/**
 * The document whose Record Payment was being filled when the session expired, if any: the list opens
 * its details again, and the details reopen the payment with what was typed, checked against what is
 * due now (someone may have paid meanwhile).
 */
export function documentWithKeptPayment(kind: AccountKind): string | null {
  const key = keptDraftKeys(paymentDraftPrefix(kind))[0]
  return key ? key.slice(paymentDraftPrefix(kind).length) : null
}

/** Reopens a kept Record Payment once its document's details are read, or drops it if paying is over. */
export function resumeKeptPayment(kind: AccountKind, id: string, payable: boolean, open: () => void) {
  const key = paymentDraftKey(kind, id)
  if (!hasDraft(key)) return
  if (payable) open()
  else forgetDraft(key)
}

/**
 * What both payment dialogs do with a save: everything in receivables and payables refreshed (a
 * payment changes the document, its list and the summary), the dialog closed. A dialog asks before
 * unsaved input is thrown away itself, so the page's leave guard stays off.
 */
const paymentSaveOptions = (onClose: () => void) => ({
  invalidate: [['accounts']],
  onSuccess: onClose,
  guard: false as const,
})

/** The document a payment is for: its number and its own date (the invoice's or the bill's). */
interface PaidDocument {
  number: string
  dated: string
}

/**
 * The fields both payment forms have under the same names, and the amount under its own. A payment
 * dated before its document is kept (it may be an advance) but said, as a slip of the date picker
 * would be (docs/decisions.md, "Accounts (receivables, payables, payments)").
 */
function PaymentFields({
  form,
  config,
  doc,
  amountKey,
  amountLabel,
  amountDue,
}: {
  form: FieldsForm
  config: KindConfig
  doc: PaidDocument
  amountKey: 'amount_paid_now' | 'amount'
  amountLabel: string
  amountDue?: number
}) {
  const paidOn = form.getValues().payment_date
  const early = typeof paidOn === 'string' && paidOn !== '' && paidOn < doc.dated
  return (
    <>
      {amountDue !== undefined && (
        <TextInput label="Amount Due" value={formatCurrency(amountDue)} readOnly variant="filled" />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={amountLabel}
          required
          decimalScale={2}
          min={0}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          prefix="₹"
          data-autofocus
          {...form.getInputProps(amountKey)}
        />
        <DateField
          label="Payment Date"
          required
          clearable={false}
          maxDate={accountsToday()}
          popoverProps={{ zIndex: 400 }}
          {...form.getInputProps('payment_date')}
        />
        <Select
          label="Payment Mode"
          data={[...paymentModes]}
          allowDeselect={false}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('mode')}
        />
        <CountedTextInput
          label="Transaction ID / Ref No."
          maxLength={120}
          {...form.getInputProps('transaction_id')}
        />
      </SimpleGrid>
      {early && (
        // A light alert: its darkened text reads at AA contrast (app/theme.ts); a note, not a refusal.
        <Alert color="orange" variant="light" p="xs" role="status">
          Dated before the {config.dateField.toLowerCase()} ({formatDate(doc.dated)}). Keep it if it is an
          advance.
        </Alert>
      )}
      <CountedTextarea label="Notes" autosize minRows={2} maxLength={2000} {...form.getInputProps('notes')} />
    </>
  )
}

/**
 * Record Payment: mode Bank Transfer, the full amount due and today by default (docs/product.md,
 * "Payments"), checked by the domain's schema with the amount due as its limit, as the server checks it.
 */
export function RecordPaymentModal({
  config,
  doc,
  onClose,
}: {
  config: KindConfig
  doc: PaidDocument & { id: string; due: number }
  onClose: () => void
}) {
  const f = useSchemaForm({
    schema: paymentInputWithin(toPaise(doc.due)),
    initialValues: {
      amount_paid_now: doc.due as number | string,
      payment_date: accountsToday(),
      mode: 'Bank Transfer' as PaymentMode,
      transaction_id: '',
      notes: '',
    },
    // The form's request key: a retry of the same request can never pay twice.
    submit: (body, _values, idempotencyKey) =>
      call(
        config.kind === 'RECEIVABLE' ? receivableEndpoints.recordPayment : payableEndpoints.recordPayment,
        {
          params: { id: doc.id },
          body,
          idempotencyKey,
        },
      ),
    failed: 'Failed to record payment.',
    successText: () => accountMessages.paymentRecorded,
    ...paymentSaveOptions(onClose),
    draftKey: paymentDraftKey(config.kind, doc.id),
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title={`Record Payment for ${config.Noun} #${doc.number}`}
      zIndex={300}
      gap="sm"
      submit={{ submitLabel: 'Confirm Payment', color: 'teal' }}
    >
      <PaymentFields
        form={f.form}
        config={config}
        doc={doc}
        amountKey="amount_paid_now"
        amountLabel={config.amountNow}
        amountDue={doc.due}
      />
    </ModalForm>
  )
}

/** Edit Payment (admins): up to what is still owed on the document plus this payment's own amount. */
export function EditPaymentModal({
  config,
  doc,
  payment,
  onClose,
}: {
  config: KindConfig
  /** `owed`: the document's total less what has been paid. */
  doc: PaidDocument & { owed: number }
  payment: Payment
  onClose: () => void
}) {
  const f = useSchemaForm({
    schema: paymentUpdateWithin(toPaise(doc.owed) + toPaise(payment.amount)),
    initialValues: {
      amount: payment.amount as number | string,
      payment_date: payment.date,
      mode: payment.mode,
      transaction_id: payment.transaction_id ?? '',
      notes: payment.notes ?? '',
    },
    submit: (body) =>
      call(accountsEndpoints.updatePayment, {
        params: { id: payment.payment_id },
        body,
        ifMatch: payment.version,
      }),
    failed: 'Failed to update payment.',
    successText: () => accountMessages.paymentUpdated,
    ...paymentSaveOptions(onClose),
  })
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title={`Edit Payment for ${config.Noun} #${doc.number}`}
      zIndex={300}
      gap="sm"
      submit={{ submitLabel: 'Save Changes' }}
    >
      <PaymentFields
        form={f.form}
        config={config}
        doc={doc}
        amountKey="amount"
        amountLabel={config.amountEdit}
      />
    </ModalForm>
  )
}

export function useDeletePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) => accountsApi.deletePayment(paymentId),
    onSuccess: () => notifySuccess(accountMessages.paymentDeleted),
    onError: (error) => notifyError(errorMessage(error, 'Failed to delete payment.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  })
}
