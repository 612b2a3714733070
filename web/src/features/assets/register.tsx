import type { AssetDetail } from '@daftar/domain/assets'
import { assetEndpoints, assetMessages, assetStatuses, DEFAULT_ASSET_STATUS } from '@daftar/domain/assets'
import { formatCurrency, formatDate } from '@daftar/domain/format'
import { Badge, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { projectDropdownQuery } from '../../api/register-queries.ts'
import { usersQuery } from '../../api/shared-queries.ts'
import { FieldSection } from '../../ui/DetailSection.tsx'
import { defineRegister, type RegisterForm } from '../../ui/register-kit/define.ts'
import { RecordOverview } from '../../ui/register-kit/detail-parts.tsx'
import {
  AddressField,
  CountedTextInput,
  DateField,
  EmailField,
  FormGrid,
  MoneyField,
  PhoneField,
} from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { registerRoots } from '../../ui/register-kit/roots.ts'
import { alphabetical, lastUpdated } from '../../ui/register-kit/sorts.ts'
import { SearchSelect } from '../../ui/SearchSelect.tsx'
import { AssignedTo, columns, DueSoonLink, dueSoonColumns, statusColors } from './columns.tsx'

const empty = {
  asset_display_id: '',
  name: '',
  category: '',
  status: DEFAULT_ASSET_STATUS as string,
  assigned_to_type: '' as string,
  assigned_to_id: null as string | null,
  assignment_date: null as string | null,
  next_maintenance_due: null as string | null,
  purchase_date: null as string | null,
  purchase_cost: '' as string | number,
  seller_details: { name: '', contact_person: '', phone: '', email: '', address: '' },
  warranty_details: { expires_on: null as string | null, details: '' },
  notes: '',
}
type Values = typeof empty

const assignmentOptions = [
  { value: '', label: 'Unassigned' },
  { value: 'PROJECT', label: 'Project' },
  { value: 'EMPLOYEE', label: 'Employee' },
  { value: 'OFFICE', label: 'Office' },
]

/** The project or person an asset is assigned to: a search that clears its choice when typed in. */
function AssignmentTarget({ form }: { form: RegisterForm<Values> }) {
  const type = form.getValues().assigned_to_type
  const projects = useQuery({ ...projectDropdownQuery, enabled: type === 'PROJECT' })
  const users = useQuery({ ...usersQuery, enabled: type === 'EMPLOYEE' })
  if (type !== 'PROJECT' && type !== 'EMPLOYEE') return null
  const options =
    type === 'PROJECT'
      ? (projects.data ?? []).map((p) => ({ value: p.project_id, label: p.name, description: p.client_name }))
      : (users.data ?? []).map((u) => ({
          value: u.user_id,
          label: u.full_name,
          description: `@${u.username}`,
        }))
  return (
    <SearchSelect
      key={type}
      label={type === 'PROJECT' ? 'Project' : 'Employee'}
      required
      placeholder={type === 'PROJECT' ? 'Type a project name' : 'Type a name or username'}
      options={options}
      value={form.getValues().assigned_to_id}
      onChange={(id) => form.setFieldValue('assigned_to_id', id)}
      loading={type === 'PROJECT' ? projects.isPending : users.isPending}
      error={form.errors.assigned_to_id}
    />
  )
}

function Fields({ form }: { form: RegisterForm<Values> }) {
  const field = form.getInputProps
  return (
    <>
      <FormSection title="Asset Details" columns={2}>
        <CountedTextInput
          label="Asset ID"
          required
          maxLength={60}
          placeholder="e.g. AST-0042"
          {...field('asset_display_id')}
        />
        <CountedTextInput label="Asset name" required maxLength={200} {...field('name')} />
        <CountedTextInput
          label="Category"
          maxLength={120}
          placeholder="e.g. Pump, Laptop"
          {...field('category')}
        />
        <Select label="Status" data={[...assetStatuses]} allowDeselect={false} {...field('status')} />
        <DateField label="Next maintenance due" {...field('next_maintenance_due')} />
      </FormSection>
      <FormSection title="Assignment Information" columns={2}>
        <Select
          label="Assigned to"
          data={assignmentOptions}
          allowDeselect={false}
          value={form.getValues().assigned_to_type}
          onChange={(type) => {
            // Changing the type clears the chosen target (docs/product.md, "Assets").
            form.setFieldValue('assigned_to_type', type ?? '')
            form.setFieldValue('assigned_to_id', null)
          }}
        />
        <AssignmentTarget form={form} />
        <DateField label="Assignment date" {...field('assignment_date')} />
      </FormSection>
      <FormSection title="Purchase & Warranty">
        <FormGrid>
          <DateField label="Purchase date" {...field('purchase_date')} />
          <MoneyField label="Purchase cost" placeholder="0.00" {...field('purchase_cost')} />
          <CountedTextInput label="Seller" maxLength={200} {...field('seller_details.name')} />
          <CountedTextInput
            label="Seller contact person"
            maxLength={120}
            {...field('seller_details.contact_person')}
          />
          <PhoneField label="Seller phone" {...field('seller_details.phone')} />
          <EmailField label="Seller email" {...field('seller_details.email')} />
        </FormGrid>
        <AddressField label="Seller address" {...field('seller_details.address')} />
        <FormGrid>
          <DateField label="Warranty expires on" {...field('warranty_details.expires_on')} />
          <CountedTextInput
            label="Warranty details"
            maxLength={2000}
            {...field('warranty_details.details')}
          />
        </FormGrid>
      </FormSection>
    </>
  )
}

function Overview({ record: a }: { record: AssetDetail }) {
  const seller = a.seller_details
  const day = (date: string | null) => date && formatDate(date)
  return (
    <RecordOverview record={a}>
      <FieldSection
        title="Asset Details"
        fields={[
          { label: 'Asset ID', value: a.asset_display_id },
          { label: 'Asset name', value: a.name },
          { label: 'Category', value: a.category },
          {
            label: 'Status',
            value: (
              <Badge color={statusColors[a.status]} variant="light">
                {a.status}
              </Badge>
            ),
          },
          { label: 'Next maintenance due', value: day(a.next_maintenance_due) },
          { label: 'Notes', value: a.notes, wide: true },
        ]}
      />
      <FieldSection
        title="Assignment Information"
        fields={[
          { label: 'Assigned to', value: <AssignedTo asset={a} withId /> },
          { label: 'Assignment date', value: day(a.assignment_date) },
        ]}
      />
      <FieldSection
        title="Purchase & Warranty"
        fields={[
          { label: 'Purchase date', value: day(a.purchase_date) },
          { label: 'Purchase cost', value: a.purchase_cost !== null && formatCurrency(a.purchase_cost) },
          { label: 'Seller', value: seller.name },
          { label: 'Seller contact person', value: seller.contact_person },
          { label: 'Seller phone', value: seller.phone },
          { label: 'Seller email', value: seller.email },
          { label: 'Seller address', value: seller.address, wide: true },
          { label: 'Warranty expires on', value: day(a.warranty_details.expires_on) },
          { label: 'Warranty details', value: a.warranty_details.details },
        ]}
      />
    </RecordOverview>
  )
}

export const register = defineRegister({
  entityType: 'ASSET',
  endpoints: assetEndpoints,
  notFound: assetMessages.notFound,
  list: {
    title: 'Assets',
    description: 'Equipment and property of the organisation, and where each is.',
    Actions: DueSoonLink,
    otherViews: [
      {
        path: registerRoots.ASSET.otherLists.dueSoon,
        endpoint: assetEndpoints.dueSoon,
        exportEndpoint: assetEndpoints.dueSoonExport,
        title: 'Assets Due Soon',
        description: 'Maintenance due or a warranty ending within the next 30 days.',
        emptyText: 'Nothing is due in the next 30 days.',
        canAdd: false,
        columns: dueSoonColumns,
      },
    ],
    columns,
    minWidth: 980,
    sorts: [
      ...alphabetical('name', 'Name'),
      { value: 'purchase_date_desc', label: 'Purchase Date (Newest)' },
      { value: 'maintenance_date_asc', label: 'Maintenance Date (Earliest)' },
      lastUpdated,
    ],
    searchPlaceholder: 'Search asset ID, name, category...',
  },
  form: {
    empty,
    Fields,
    failureFields: { [assetMessages.idTaken]: 'asset_display_id' },
  },
  detail: {
    Overview,
    loadingText: 'Loading asset data...',
    loadErrorText: (message) => `Error loading data: ${message}`,
    meta: (a) => <Badge variant="light">{a.asset_display_id}</Badge>,
  },
})
