import { Table } from '@mantine/core'

/**
 * The header row of a small read-only table whose columns are plain names: the reminders sent, an
 * import's columns, errors and preview.
 */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((name) => (
          <Table.Th key={name}>{name}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  )
}
