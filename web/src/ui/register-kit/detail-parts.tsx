import { formatDateTime } from '@daftar/domain/format'
import { Anchor, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { DetailSection, FieldSection } from '../DetailSection.tsx'
import { ScrollTable } from '../ScrollTable'

export interface Contact {
  name: string | null
  phone: string | null
  email: string | null
}

/** The Contact Persons section of a record's overview. */
export function ContactsSection({ contacts }: { contacts: Contact[] }) {
  return (
    <DetailSection title="Contact Persons">
      {contacts.length === 0 ? (
        <Text c="dimmed" size="sm">
          No contact persons recorded.
        </Text>
      ) : (
        <ScrollTable minWidth={480} label="Contact persons">
          <Table verticalSpacing="xs" aria-label="Contact persons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((p, i) => (
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
        </ScrollTable>
      )}
    </DetailSection>
  )
}

export interface AuditInfo {
  created_by_username: string | null
  created_at: string
  updated_by_username: string | null
  updated_at: string
  /** Where a detail answers them (projects), people are named 'Full Name (@username)'. */
  created_by_fullname?: string | null
  updated_by_fullname?: string | null
}

/** Who created or changed something: 'Full Name (@username)' where the full name is known, else the username. */
export const authorName = (full: string | null | undefined, user: string | null) =>
  full ? `${full}${user ? ` (@${user})` : ''}` : user

/** System Information, collapsed by default: who created and last changed the record, and when. */
export function SystemInformation({
  record,
  title = 'System Information',
  children,
}: {
  record: AuditInfo
  title?: string
  children?: ReactNode
}) {
  return (
    <FieldSection
      title={title}
      collapsible
      defaultOpen={false}
      fields={[
        { label: 'Created by', value: authorName(record.created_by_fullname, record.created_by_username) },
        { label: 'Created at', value: formatDateTime(record.created_at) },
        {
          label: 'Last updated by',
          value: authorName(record.updated_by_fullname, record.updated_by_username),
        },
        { label: 'Last updated at', value: formatDateTime(record.updated_at) },
      ]}
    >
      {children}
    </FieldSection>
  )
}

/** A record's overview: its own sections, then System Information. */
export function RecordOverview({ record, children }: { record: AuditInfo; children: ReactNode }) {
  return (
    <Stack gap="md">
      {children}
      <SystemInformation record={record} />
    </Stack>
  )
}

/** Empty cells of a list read 'N/A' (docs/product.md, "What every register shares"). */
export const orNA = (v: string | null | undefined) => v || 'N/A'
