import type { ClientDetail } from '@daftar/domain/clients'
import { clientEndpoints, clientMessages } from '@daftar/domain/clients'
import { gstStates, stateInAddress } from '@daftar/domain/gstr1'
import { Badge, Select, Text } from '@mantine/core'
import { FieldSection } from '../../ui/DetailSection.tsx'
import { defineRegister, type RegisterForm } from '../../ui/register-kit/define.ts'
import { ContactsSection, orNA, RecordOverview } from '../../ui/register-kit/detail-parts.tsx'
import {
  AddressField,
  ContactsField,
  CountedTextInput,
  emptyContact,
  TaxIdFields,
} from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { alphabetical, firstAdded, lastUpdated } from '../../ui/register-kit/sorts.ts'

const empty = {
  name: '',
  gstin: '',
  pan: '',
  office_address: '',
  state_code: '',
  contacts: [emptyContact()],
  notes: '',
}
type Values = typeof empty

/** The states of GST's place of supply, by name, each kept as its 2-digit code. */
const stateOptions = Object.entries(gstStates)
  .map(([value, name]) => ({ value, label: `${name} (${value})` }))
  .sort((a, b) => a.label.localeCompare(b.label))

/** '29' → 'Karnataka (29)'. */
const stateLabel = (code: string | null) => (code && gstStates[code] ? `${gstStates[code]} (${code})` : null)

function Fields({ form }: { form: RegisterForm<Values> }) {
  return (
    <>
      <FormSection title="Client Information">
        <CountedTextInput label="Client name" required maxLength={200} {...form.getInputProps('name')} />
        <TaxIdFields form={form} />
        <AddressField label="Office address" {...form.getInputProps('office_address')} />
        <Select
          label="State"
          placeholder="Choose a state"
          data={stateOptions}
          searchable
          clearable
          nothingFoundMessage="No such state"
          description={
            !form.values.gstin.trim() &&
            !form.values.state_code &&
            !stateInAddress(form.values.office_address)
              ? 'Needed for GST place of supply'
              : undefined
          }
          {...form.getInputProps('state_code')}
          value={form.values.state_code || null}
          onChange={(value) => form.setFieldValue('state_code', value ?? '')}
        />
      </FormSection>
      <FormSection title="Contact Persons">
        <ContactsField form={form} />
      </FormSection>
    </>
  )
}

function Overview({ record: c }: { record: ClientDetail }) {
  return (
    <RecordOverview record={c}>
      <FieldSection
        title="Client Information"
        fields={[
          { label: 'Client name', value: c.name },
          { label: 'Client ID', value: c.client_id_display },
          { label: 'GSTIN', value: c.gstin },
          { label: 'PAN', value: c.pan },
          { label: 'State', value: stateLabel(c.state_code) },
          { label: 'Office address', value: c.office_address, wide: true },
          { label: 'Notes', value: c.notes, wide: true },
        ]}
      />
      <ContactsSection contacts={c.contacts} />
    </RecordOverview>
  )
}

export const register = defineRegister({
  entityType: 'CLIENT',
  endpoints: clientEndpoints,
  notFound: clientMessages.notFound,
  list: {
    title: 'Clients',
    description: 'Companies the organisation works for.',
    columns: [
      {
        key: 'name',
        header: 'Name',
        fullText: (c) => `${c.name} ${c.client_id_display}`,
        render: (c) => (
          <>
            {c.name}
            <Text span size="xs" c="dimmed" ml={6} fw={400}>
              {c.client_id_display}
            </Text>
          </>
        ),
      },
      { key: 'contact', header: 'Contact Person', render: (c) => orNA(c.contact_person_name) },
      { key: 'phone', header: 'Phone', nowrap: true, render: (c) => orNA(c.contact_person_phone) },
      { key: 'email', header: 'Email', render: (c) => orNA(c.contact_person_email), phone: 'wide' },
    ],
    sorts: [
      ...alphabetical('name', 'Name'),
      ...alphabetical('contact_person', 'Contact Person'),
      lastUpdated,
      firstAdded,
    ],
    searchPlaceholder: 'Search name, GSTIN, contact...',
  },
  form: {
    empty,
    Fields,
  },
  detail: {
    Overview,
    editLabel: 'Edit Client',
    meta: (c) => <Badge variant="light">{c.client_id_display}</Badge>,
  },
})
