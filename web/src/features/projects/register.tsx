import { formatCurrency } from '@daftar/domain/format'
import { projectEndpoints, projectMessages } from '@daftar/domain/projects'
import { requestFailedMessage } from '@daftar/domain/registers'
import { Badge, TextInput } from '@mantine/core'
import { IconArchive, IconArchiveOff, IconReceipt } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { clientDropdownQuery } from '../../api/register-queries.ts'
import { defineRegister, type RegisterForm } from '../../ui/register-kit/define.ts'
import { orNA } from '../../ui/register-kit/detail-parts.tsx'
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
import { alphabetical, firstAdded, lastUpdated } from '../../ui/register-kit/sorts.ts'
import { SearchSelect } from '../../ui/SearchSelect.tsx'
import { billingQuery } from './api.ts'
import { BillingTab } from './billing/BillingTab.tsx'
import { ProjectOverview } from './ProjectOverview.tsx'

const empty = {
  name: '',
  client_id: null as string | null,
  project_type: '',
  capacity: '',
  address: '',
  zip_code: '',
  project_address_maps_link: '',
  project_contact_details: { name: '', phone: '', email: '' },
  work_order_details: { number: '', date: null as string | null, total_value: '' as string | number },
  consultant_details: { name: '', contact_person: '', phone: '', email: '' },
  notes: '',
}
type Values = typeof empty

function Fields({ form }: { form: RegisterForm<Values> }) {
  const clients = useQuery(clientDropdownQuery)
  const field = form.getInputProps
  return (
    <>
      <FormSection title="Project Information" columns={2}>
        <CountedTextInput label="Project name" required maxLength={200} {...field('name')} />
        <SearchSelect
          label="Client"
          required
          placeholder="Type a client name"
          options={(clients.data ?? []).map((c) => ({
            value: c.client_id,
            label: c.name,
            description: c.gstin,
          }))}
          value={form.getValues().client_id}
          onChange={(id) => form.setFieldValue('client_id', id)}
          loading={clients.isPending}
          nothingFound={clients.isError ? 'Could not load clients.' : 'No client matches.'}
          error={form.errors.client_id}
        />
        <CountedTextInput
          label="Project type"
          placeholder="e.g. Effluent Treatment Plant"
          maxLength={120}
          {...field('project_type')}
        />
        <CountedTextInput
          label="Capacity"
          placeholder="e.g. 500 KLD"
          maxLength={120}
          {...field('capacity')}
        />
      </FormSection>
      <FormSection title="Site">
        <AddressField label="Address" {...field('address')} />
        <FormGrid>
          <TextInput label="Zip code" inputMode="numeric" maxLength={20} {...field('zip_code')} />
          <CountedTextInput
            label="Maps link"
            type="url"
            placeholder="https://maps.google.com/..."
            maxLength={2000}
            {...field('project_address_maps_link')}
          />
        </FormGrid>
      </FormSection>
      <FormSection title="Project Contact" columns={3}>
        <CountedTextInput
          label="Name"
          aria-label="Project contact name"
          maxLength={120}
          {...field('project_contact_details.name')}
        />
        <PhoneField
          label="Phone"
          aria-label="Project contact phone"
          {...field('project_contact_details.phone')}
        />
        <EmailField
          label="Email"
          aria-label="Project contact email"
          {...field('project_contact_details.email')}
        />
      </FormSection>
      <FormSection title="Work Order Details" columns={3}>
        <CountedTextInput label="Work order number" maxLength={120} {...field('work_order_details.number')} />
        <DateField label="Work order date" {...field('work_order_details.date')} />
        <MoneyField label="Total value" placeholder="0.00" {...field('work_order_details.total_value')} />
      </FormSection>
      <FormSection title="Consultant Details" columns={2}>
        <CountedTextInput label="Consultant name" maxLength={120} {...field('consultant_details.name')} />
        <CountedTextInput
          label="Contact person"
          aria-label="Consultant contact person"
          maxLength={120}
          {...field('consultant_details.contact_person')}
        />
        <PhoneField label="Phone" aria-label="Consultant phone" {...field('consultant_details.phone')} />
        <EmailField label="Email" aria-label="Consultant email" {...field('consultant_details.email')} />
      </FormSection>
    </>
  )
}

const money = (v: number | null) => formatCurrency(v)

export const register = defineRegister({
  entityType: 'PROJECT',
  endpoints: projectEndpoints,
  notFound: projectMessages.notFound,
  list: {
    title: 'Projects',
    description: 'Projects in progress.',
    otherViews: [
      {
        path: registerRoots.PROJECT.otherLists.archived,
        endpoint: projectEndpoints.archived,
        exportEndpoint: projectEndpoints.archivedExport,
        title: 'Archived Projects',
        description: 'Finished or paused projects, kept for reference.',
        canAdd: false,
      },
    ],
    listedIn: (p) => (p.is_archived ? projectEndpoints.archived : projectEndpoints.list),
    columns: [
      { key: 'name', header: 'Project Name', render: (p) => p.name },
      { key: 'client', header: 'Client Name', render: (p) => orNA(p.client_name) },
      {
        key: 'order',
        header: 'Order Value',
        align: 'right',
        nowrap: true,
        render: (p) => money(p.order_value),
      },
      {
        key: 'billed',
        header: 'Billed Amount',
        align: 'right',
        nowrap: true,
        render: (p) => money(p.billed_amount),
      },
      { key: 'type', header: 'Project Type', render: (p) => orNA(p.project_type) },
    ],
    minWidth: 820,
    sorts: [
      ...alphabetical('name', 'Name'),
      { value: 'client_asc', label: 'Client A-Z' },
      { value: 'order_value_desc', label: 'Order Value (highest)' },
      lastUpdated,
      firstAdded,
    ],
    searchPlaceholder: 'Search project, client, type...',
  },
  form: {
    empty,
    Fields,
  },
  detail: {
    Overview: ({ record }) => <ProjectOverview project={record} />,
    meta: (p) => (
      <Badge variant="light" color={p.is_archived ? 'gray' : 'teal'}>
        {p.is_archived ? 'Archived' : 'Active'}
      </Badge>
    ),
    // The Billing tab's invoices load in parallel with the project.
    alongside: (queryClient, id, tab) => {
      if (tab === 'billing') void queryClient.prefetchQuery(billingQuery(id))
    },
    tabs: (p, tabs) => [
      tabs.overview,
      tabs.documents,
      {
        value: 'billing',
        label: 'Billing',
        icon: <IconReceipt size={16} />,
        content: <BillingTab projectId={p.project_id} projectAccess={p.access_level} />,
      },
      tabs.access,
      tabs.history,
    ],
    stateAction: {
      label: (p) => (p.is_archived ? 'Unarchive' : 'Archive'),
      icon: (p) => (p.is_archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />),
      message: (p) =>
        `${p.is_archived ? 'Move' : 'Archive'} '${p.name}'${p.is_archived ? ' back to the active projects' : ''}?`,
      call: (p) =>
        call(projectEndpoints.archive, { params: { id: p.project_id }, body: { archive: !p.is_archived } }),
      failed: requestFailedMessage('Project', 'ARCHIVE'),
      requested: (p) => p.state_request_pending,
    },
  },
})
