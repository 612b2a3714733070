import type { SupplierDetail } from '@daftar/domain/suppliers'
import { supplierEndpoints, supplierMessages, websiteHref } from '@daftar/domain/suppliers'
import { Anchor, Text, TextInput } from '@mantine/core'
import { FieldSection } from '../../ui/DetailSection.tsx'
import { defineRegister, type RegisterForm } from '../../ui/register-kit/define.ts'
import { ContactsSection, orNA, RecordOverview } from '../../ui/register-kit/detail-parts.tsx'
import {
  AddressField,
  CodeField,
  ContactsField,
  CountedTextInput,
  emptyContact,
  FormGrid,
  TaxIdFields,
} from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { alphabetical, firstAdded, lastUpdated } from '../../ui/register-kit/sorts.ts'

const empty = {
  name: '',
  product_category: '',
  website: '',
  address: '',
  contacts: [emptyContact()],
  gstin: '',
  pan: '',
  bank_details: { bank_name: '', branch_name: '', account_no: '', ifsc_code: '' },
  notes: '',
}
type Values = typeof empty

function Website({ url }: { url: string | null }) {
  if (!url) return <>N/A</>
  return (
    <Anchor href={websiteHref(url)} target="_blank" rel="noopener noreferrer" size="sm">
      {url}
    </Anchor>
  )
}

function Fields({ form }: { form: RegisterForm<Values> }) {
  return (
    <>
      <FormSection title="Supplier Information">
        <FormGrid>
          <CountedTextInput label="Supplier name" required maxLength={200} {...form.getInputProps('name')} />
          <CountedTextInput
            label="Product category"
            placeholder="e.g. Pumps, Chemicals"
            maxLength={120}
            {...form.getInputProps('product_category')}
          />
          <CountedTextInput
            label="Website"
            placeholder="e.g. www.example.com"
            maxLength={500}
            {...form.getInputProps('website')}
          />
        </FormGrid>
        <AddressField label="Address" {...form.getInputProps('address')} />
      </FormSection>
      <FormSection title="Contact Persons">
        <ContactsField form={form} />
      </FormSection>
      <FormSection title="Financial Information">
        <TaxIdFields form={form} />
        <Text size="sm" fw={600}>
          Bank details
        </Text>
        <FormGrid>
          <CountedTextInput
            label="Bank name"
            maxLength={120}
            {...form.getInputProps('bank_details.bank_name')}
          />
          <CountedTextInput
            label="Branch"
            maxLength={120}
            {...form.getInputProps('bank_details.branch_name')}
          />
          <TextInput
            label="Account number"
            inputMode="numeric"
            maxLength={34}
            {...form.getInputProps('bank_details.account_no')}
          />
          <CodeField
            form={form}
            path="bank_details.ifsc_code"
            label="IFSC"
            placeholder="e.g. HDFC0001234"
            maxLength={11}
          />
        </FormGrid>
      </FormSection>
    </>
  )
}

function Overview({ record: s }: { record: SupplierDetail }) {
  const bank = s.bank_details
  return (
    <RecordOverview record={s}>
      <FieldSection
        title="Supplier Information"
        fields={[
          { label: 'Name', value: s.name },
          { label: 'Product category', value: s.product_category },
          { label: 'Website', value: s.website && <Website url={s.website} /> },
          { label: 'Address', value: s.address, wide: true },
          { label: 'Notes', value: s.notes, wide: true },
        ]}
      />
      <ContactsSection contacts={s.contacts} />
      <FieldSection
        title="Financial Information"
        fields={[
          { label: 'GSTIN', value: s.gstin },
          { label: 'PAN', value: s.pan },
          { label: 'Bank name', value: bank?.bank_name },
          { label: 'Branch', value: bank?.branch_name },
          { label: 'Account number', value: bank?.account_no },
          { label: 'IFSC', value: bank?.ifsc_code },
        ]}
      />
    </RecordOverview>
  )
}

export const register = defineRegister({
  entityType: 'SUPPLIER',
  endpoints: supplierEndpoints,
  notFound: supplierMessages.notFound,
  list: {
    title: 'Suppliers',
    description: 'Companies the organisation buys from.',
    columns: [
      { key: 'name', header: 'Name', render: (s) => s.name },
      { key: 'category', header: 'Category', render: (s) => orNA(s.product_category) },
      {
        key: 'contact',
        header: 'Contact',
        render: (s) =>
          s.contact_person_name || s.contact_person_phone ? (
            <>
              {orNA(s.contact_person_name)}
              {s.contact_person_phone && (
                <Text size="xs" c="dimmed">
                  {s.contact_person_phone}
                </Text>
              )}
            </>
          ) : (
            'N/A'
          ),
      },
      { key: 'email', header: 'Email', render: (s) => orNA(s.contact_person_email), phone: 'wide' },
      { key: 'website', header: 'Website', render: (s) => <Website url={s.website} /> },
    ],
    sorts: [
      ...alphabetical('name', 'Name'),
      ...alphabetical('product_category', 'Category'),
      lastUpdated,
      firstAdded,
    ],
    searchPlaceholder: 'Search name, category, contact...',
  },
  form: {
    empty,
    Fields,
  },
  detail: { Overview, editLabel: 'Edit Supplier' },
})
