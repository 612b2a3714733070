import { type OrganisationBilling, organisationBillingFields } from '@daftar/domain/users'
import { Button, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { z } from 'zod'
import { errorMessage } from '../../api/client.ts'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { fieldErrors } from '../../ui/form-errors.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { adminApi, type Settings, settingsQuery } from './api.ts'

const schema = z.object(organisationBillingFields)
type Field = keyof OrganisationBilling

const fields: { key: Field; label: string; placeholder?: string; span?: boolean }[] = [
  { key: 'gstin', label: 'GSTIN', placeholder: '27AABCD1234E1Z8' },
  { key: 'upi_id', label: 'UPI ID', placeholder: 'yourbusiness@okaxis' },
  { key: 'bank_account_name', label: 'Bank account name' },
  { key: 'bank_name', label: 'Bank name' },
  { key: 'bank_account_number', label: 'Account number' },
  { key: 'bank_ifsc', label: 'IFSC code', placeholder: 'UTIB0000123' },
  { key: 'bank_branch', label: 'Branch' },
]

/** What invoices print: the organisation's GSTIN, address, bank details and UPI id. */
export function InvoiceDetailsForm({ organisation }: { organisation: Settings['organisation'] }) {
  const queryClient = useQueryClient()
  const initial = (key: Field) => organisation[key] ?? ''
  const [values, setValues] = useState<Record<Field, string>>({
    gstin: initial('gstin'),
    address: initial('address'),
    bank_account_name: initial('bank_account_name'),
    bank_name: initial('bank_name'),
    bank_account_number: initial('bank_account_number'),
    bank_ifsc: initial('bank_ifsc'),
    bank_branch: initial('bank_branch'),
    upi_id: initial('upi_id'),
  })
  const [submitted, setSubmitted] = useState(false)
  const parsed = schema.safeParse(values)
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error.issues) : {}
  const save = useMutation({
    mutationFn: () => adminApi.renameOrganisation(organisation.name, organisation.version, values),
    onSuccess: async () => {
      notifySuccess('Invoice details saved.')
      await queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey })
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'organisation'] })
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to save the invoice details.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (parsed.success) save.mutate()
  }
  const input = (f: (typeof fields)[number]) => (
    <TextInput
      key={f.key}
      label={f.label}
      placeholder={f.placeholder}
      value={values[f.key]}
      onChange={(e) => {
        const value = e.currentTarget.value // read now: the event is gone when the update runs
        setValues((v) => ({ ...v, [f.key]: value }))
      }}
      error={errors[f.key]}
    />
  )
  const unsaved = (Object.keys(values) as Field[]).some((k) => values[k] !== initial(k)) && !save.isPending
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invoice-details-heading">
      <LeaveGuard when={unsaved} />
      <Title order={5} id="invoice-details-heading" mt="lg">
        Invoice details
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Printed on invoice PDFs. With a UPI ID, each invoice carries a QR code for the amount due.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.slice(0, 2).map(input)}
      </SimpleGrid>
      <CountedTextarea
        mt="sm"
        label="Address"
        value={values.address}
        onChange={(e) => {
          const address = e.currentTarget.value
          setValues((v) => ({ ...v, address }))
        }}
        autosize
        minRows={2}
        maxLength={1000}
        error={errors.address}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        {fields.slice(2).map(input)}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending} disabled={!unsaved && !save.isPending}>
          Save invoice details
        </Button>
      </Group>
    </form>
  )
}
