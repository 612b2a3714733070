import type { DuplicateMode, ImportRegister, ImportResult } from '@daftar/domain/imports'
import { importRegisterLabels } from '@daftar/domain/imports'
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { TableHead } from '../../ui/TableHead.tsx'

/** Errors shown on the page; the rest are in the file to fix. */
const ERRORS_SHOWN = 200

function Counts({ result }: { result: ImportResult }) {
  return (
    <Group gap="xs" aria-label="Rows checked">
      <Badge variant="light" color="gray" size="lg">
        {result.rows} rows
      </Badge>
      <Badge variant="light" color="teal" size="lg">
        {result.valid} valid
      </Badge>
      <Badge variant="light" color={result.invalid ? 'red' : 'gray'} size="lg">
        {result.invalid} with errors
      </Badge>
      <Badge variant="light" color={result.duplicates ? 'yellow' : 'gray'} size="lg">
        {result.duplicates} already there
      </Badge>
    </Group>
  )
}

export function CheckedFile({
  result,
  register,
  onMap,
  onRecheck,
  onImport,
  busy,
  saving,
  duplicates,
  remapped,
}: {
  result: ImportResult
  register: ImportRegister
  remapped: boolean
  onMap(header: string, column: string): void
  onRecheck(): void
  onImport(): void
  busy: boolean
  saving: boolean
  duplicates: DuplicateMode
}) {
  const toSave = result.valid - (duplicates === 'skip' ? result.duplicates : 0)
  const options = [
    { value: '', label: 'Leave out' },
    ...result.columns.map((c) => ({ value: c.key, label: c.label })),
  ]
  const missing = result.columns.filter((c) => c.required && !result.headers.some((h) => h.column === c.key))
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Checked: nothing is saved yet
          </Title>
          <Counts result={result} />
          {missing.length > 0 && (
            <Alert color="red" title="A required column is missing">
              Match a column of the file to {missing.map((c) => c.label).join(', ')} below, then check again.
            </Alert>
          )}
          <Group>
            <Button onClick={onImport} disabled={toSave <= 0 || busy || remapped} loading={saving}>
              {toSave > 0 ? `Import ${toSave} ${toSave === 1 ? 'row' : 'rows'}` : 'Nothing to import'}
            </Button>
            {remapped && (
              <Button variant="light" onClick={onRecheck} loading={busy && !saving}>
                Check again with these columns
              </Button>
            )}
          </Group>
          {saving && (
            <Stack gap={4}>
              <Progress value={100} animated striped aria-label="Importing" />
              <Text size="sm" c="dimmed">
                Importing {toSave} rows into {importRegisterLabels[register]}. A large file can take a minute;
                you may go on working elsewhere in Daftar, and a message will say when it is done.
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>

      <section aria-label="Columns">
        <Title order={3} size="h4" mb="xs">
          Columns
        </Title>
        <ScrollTable label="Columns" minWidth={300}>
          <Table striped>
            <TableHead columns={['In the file', 'Goes to']} />
            <Table.Tbody>
              {result.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a file may repeat a header; its place names it
                <Table.Tr key={i}>
                  <Table.Td>{h.header || <Text c="dimmed">(no name)</Text>}</Table.Td>
                  <Table.Td miw={200}>
                    <Select
                      aria-label={`Column for ${h.header}`}
                      data={options}
                      value={h.column ?? ''}
                      onChange={(v) => onMap(h.header, v ?? '')}
                      allowDeselect={false}
                      searchable
                      disabled={busy}
                      size="xs"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </section>

      <ErrorList result={result} />
      {result.preview.length > 0 && <Preview result={result} />}
    </Stack>
  )
}

function ErrorList({ result }: { result: ImportResult }) {
  if (result.errors.length === 0)
    return (
      <Alert color="teal" title="No errors">
        Every row passed the register's checks.
      </Alert>
    )
  return (
    <section aria-label="Errors">
      <Title order={3} size="h4" mb="xs">
        Errors and skipped rows ({result.errors.length})
      </Title>
      <ScrollTable label="Errors" minWidth={320}>
        <Table striped>
          <TableHead columns={['Row', 'Column', 'Problem']} />
          <Table.Tbody>
            {result.errors.slice(0, ERRORS_SHOWN).map((e) => (
              <Table.Tr key={`${e.row}-${e.column}-${e.message}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column ?? '—'}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {result.errors.length > ERRORS_SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          The first {ERRORS_SHOWN} are shown; all of them are in the file of rows to fix after the import.
        </Text>
      )}
    </section>
  )
}

function Preview({ result }: { result: ImportResult }) {
  const labels = [...new Set(result.preview.flatMap((row) => Object.keys(row)))]
  return (
    <section aria-label="Preview">
      <Title order={3} size="h4" mb="xs">
        Preview of the first rows
      </Title>
      <ScrollTable label="Preview" minWidth={Math.max(480, labels.length * 140)}>
        <Table striped>
          <TableHead columns={labels} />
          <Table.Tbody>
            {result.preview.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id
              <Table.Tr key={i}>
                {labels.map((l) => (
                  <Table.Td key={l}>{row[l] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </section>
  )
}
