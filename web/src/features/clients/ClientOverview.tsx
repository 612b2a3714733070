import { formatDateTime } from '@daftar/domain/format'
import { Anchor, Stack, Table, Text } from '@mantine/core'
import { DetailSection, FieldGrid } from '../../ui/DetailSection.tsx'
import type { ClientDetail } from './api.ts'

export function ClientOverview({ client: c }: { client: ClientDetail }) {
  return (
    <Stack gap="md">
      <DetailSection title="Client Information">
        <FieldGrid
          fields={[
            { label: 'Client name', value: c.name },
            { label: 'Client ID', value: c.client_id_display },
            { label: 'GSTIN', value: c.gstin },
            { label: 'PAN', value: c.pan },
            { label: 'Office address', value: c.office_address, wide: true },
            { label: 'Notes', value: c.notes, wide: true },
          ]}
        />
      </DetailSection>
      <DetailSection title="Contact Persons">
        {c.contacts.length === 0 ? (
          <Text c="dimmed" size="sm">
            No contact persons recorded.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="Contact persons">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Email</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.contacts.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id
                  <Table.Tr key={i}>
                    <Table.Td>{p.name || 'N/A'}</Table.Td>
                    <Table.Td>
                      {p.phone ? (
                        <Anchor size="sm" href={`tel:${p.phone}`}>
                          {p.phone}
                        </Anchor>
                      ) : (
                        'N/A'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {p.email ? (
                        <Anchor size="sm" href={`mailto:${p.email}`}>
                          {p.email}
                        </Anchor>
                      ) : (
                        'N/A'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DetailSection>
      <DetailSection title="System Information" collapsible defaultOpen={false}>
        <FieldGrid
          fields={[
            { label: 'Created by', value: c.created_by_username },
            { label: 'Created at', value: formatDateTime(c.created_at) },
            { label: 'Last updated by', value: c.updated_by_username },
            { label: 'Last updated at', value: formatDateTime(c.updated_at) },
          ]}
        />
      </DetailSection>
    </Stack>
  )
}
