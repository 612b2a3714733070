import { type OrganisationBilling, organisationUpdateInput } from '@daftar/domain/users'
import { Button, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { adminApi, type Settings, settingsQuery } from './api.ts'

/** The invoice details part of the organisation's update request: the domain's own rules for each field. */
const billingInput = organisationUpdateInput.omit({ name: true, accounts_access: true })
type Field = keyof OrganisationBilling

const fields: { key: Exclude<Field, 'address'>; label: string; placeholder?: string }[] = [
  { key: 'gstin', label: 'GSTIN', placeholder: '27AABCD1234E1Z8' },
  { key: 'upi_id', label: 'UPI ID', placeholder: 'yourbusiness@okaxis' },
  { key: 'bank_account_name', label: 'Bank account name' },
  { key: 'bank_name', label: 'Bank name' },
  { key: 'bank_account_number', label: 'Account number' },
  { key: 'bank_ifsc', label: 'IFSC code', placeholder: 'UTIB0000123' },
  { key: 'bank_branch', label: 'Branch' },
]

/** The stored details as form values: a missing one is a blank field. */
function valuesOf(organisation: Settings['organisation']): Record<Field, string> {
  const value = (key: Field) => organisation[key] ?? ''
  return {
    gstin: value('gstin'),
    address: value('address'),
    bank_account_name: value('bank_account_name'),
    bank_name: value('bank_name'),
    bank_account_number: value('bank_account_number'),
    bank_ifsc: value('bank_ifsc'),
    bank_branch: value('bank_branch'),
    upi_id: value('upi_id'),
  }
}

/** What invoices print: the organisation's GSTIN, address, bank details and UPI id. */
export function InvoiceDetailsForm({ organisation }: { organisation: Settings['organisation'] }) {
  const f = useSchemaForm({
    schema: billingInput,
    initialValues: valuesOf(organisation),
    submit: (billing) => adminApi.updateOrganisation(organisation, billing),
    failed: 'Failed to save the invoice details.',
    successText: () => 'Invoice details saved.',
    // Invoice PDFs read the organisation's details through Accounts.
    invalidate: [settingsQuery.queryKey, ['accounts', 'organisation']],
    draftKey: 'settings:invoice-details',
  })
  const input = (field: (typeof fields)[number]) => (
    <TextInput
      key={field.key}
      label={field.label}
      placeholder={field.placeholder}
      {...f.form.getInputProps(field.key)}
    />
  )
  return (
    <form {...f.formProps} aria-labelledby="invoice-details-heading">
      {f.guard}
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
        autosize
        minRows={2}
        maxLength={1000}
        {...f.form.getInputProps('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        {fields.slice(2).map(input)}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={f.busy} disabled={!f.dirty && !f.busy}>
          Save invoice details
        </Button>
      </Group>
    </form>
  )
}
