import { formatCurrency, formatDate } from '@daftar/domain/format'
import type { ProjectDetail } from '@daftar/domain/projects'
import { Anchor } from '@mantine/core'
import { Link } from 'react-router'
import { FieldSection } from '../../ui/DetailSection.tsx'
import { RecordOverview } from '../../ui/register-kit/detail-parts.tsx'
import { recordHref } from '../../ui/register-kit/roots.ts'

export function ProjectOverview({ project: p }: { project: ProjectDetail }) {
  const contact = p.project_contact_details
  const consultant = p.consultant_details
  const wo = p.work_order_details
  return (
    <RecordOverview record={p}>
      <FieldSection
        title="Project Information"
        fields={[
          { label: 'Project name', value: p.name },
          {
            label: 'Client',
            value: (
              <Anchor component={Link} to={recordHref('CLIENT', p.client_id)}>
                {p.client_name}
              </Anchor>
            ),
          },
          { label: 'Project type', value: p.project_type },
          { label: 'Capacity', value: p.capacity },
          { label: 'Address', value: p.address, wide: true },
          { label: 'Zip code', value: p.zip_code },
          {
            label: 'Maps link',
            value: p.project_address_maps_link && (
              <Anchor href={p.project_address_maps_link} target="_blank" rel="noopener noreferrer">
                Open in maps
              </Anchor>
            ),
          },
          { label: 'Contact name', value: contact.name },
          {
            label: 'Contact phone',
            value: contact.phone && <Anchor href={`tel:${contact.phone}`}>{contact.phone}</Anchor>,
          },
          {
            label: 'Contact email',
            value: contact.email && <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>,
          },
          { label: 'Status', value: p.is_archived ? 'Archived' : 'Active' },
          { label: 'Notes', value: p.notes, wide: true },
        ]}
      />
      <FieldSection
        title="Work Order Details"
        fields={[
          { label: 'Work order number', value: wo.number },
          { label: 'Work order date', value: wo.date && formatDate(wo.date) },
          { label: 'Total value', value: wo.total_value !== null && formatCurrency(wo.total_value) },
          { label: 'Billed so far', value: formatCurrency(p.billed_amount) },
        ]}
      />
      <FieldSection
        title="Consultant Details"
        fields={[
          { label: 'Consultant', value: consultant.name },
          { label: 'Contact person', value: consultant.contact_person },
          { label: 'Phone', value: consultant.phone },
          { label: 'Email', value: consultant.email },
        ]}
      />
    </RecordOverview>
  )
}
