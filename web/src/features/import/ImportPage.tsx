import {
  type DuplicateMode,
  type ImportRegister,
  type ImportResult,
  importEndpoints,
  importRegisterLabels,
  importRegisterNames,
  importRegisters,
} from '@daftar/domain/imports'
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Menu,
  Paper,
  Progress,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { registerRoots } from '../../ui/register-kit/roots.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { saveFile } from '../../ui/save-file.ts'
import { useOnceMutation } from '../../ui/use-once-mutation.ts'

const isRegister = (v: string | null): v is ImportRegister =>
  importRegisterNames.includes(v as ImportRegister)

/** Errors shown on the page; the rest are in the file to fix. */
const ERRORS_SHOWN = 200

/**
 * Import (admins; docs/decisions.md, "Import"): choose a register and a CSV or Excel file, check it
 * (a dry run that writes nothing: counts, errors by row and column, the column mapping and a preview),
 * then import what passed and take the refused rows back as a file to fix.
 */
export default function ImportPage() {
  const { data: me } = useMe()
  const [params, setParams] = useSearchParams()
  const chosen = params.get('register')
  const register: ImportRegister = isRegister(chosen) ? chosen : 'clients'
  const [file, setFile] = useState<File | null>(null)
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip')
  const [mapping, setMapping] = useState<Record<string, string>>({})
  /** The admin changed the columns since the last check: check again before importing. */
  const [remapped, setRemapped] = useState(false)
  const [checked, setChecked] = useState<ImportResult | null>(null)
  const [done, setDone] = useState<ImportResult | null>(null)
  const queryClient = useQueryClient()

  const send = (dryRun: boolean) =>
    call(importEndpoints.run, {
      params: { register },
      fields: {
        dry_run: dryRun ? 'true' : 'false',
        duplicates,
        mapping: Object.keys(mapping).length ? JSON.stringify(mapping) : undefined,
      },
      files: { file: file! },
    })
  const check = useOnceMutation({
    mutationFn: () => send(true),
    onSuccess: (result) => {
      setChecked(result)
      setDone(null)
      setRemapped(false)
    },
    onError: (error) => notifyError(errorMessage(error, 'The file could not be checked.')),
  })
  const save = useOnceMutation({
    mutationFn: () => send(false),
    onSuccess: (result) => {
      setDone(result)
      setChecked(null)
      void queryClient.invalidateQueries({ queryKey: [registerRoots[importRegisters[register]].queryKey] })
      notifySuccess(`Import finished: ${result.created} added, ${result.updated} updated.`)
    },
    onError: (error) => notifyError(errorMessage(error, 'The import failed; nothing was saved.')),
  })
  const busy = check.isPending || save.isPending

  if (me && !me.isadmin) return <Navigate to="/" replace />

  const restart = () => {
    setChecked(null)
    setDone(null)
    setMapping({})
    setRemapped(false)
  }
  const chooseRegister = (value: string | null) => {
    if (!isRegister(value)) return
    setParams({ register: value }, { replace: true })
    restart()
  }

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Import"
        description="Bring records in from a spreadsheet. Every row is checked like the register's form before anything is saved."
        actions={<TemplateMenu register={register} />}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label="Register"
              data={importRegisterNames.map((r) => ({ value: r, label: importRegisterLabels[r] }))}
              value={register}
              onChange={chooseRegister}
              allowDeselect={false}
              disabled={busy}
              w={240}
            />
            <FileInput
              label="File"
              placeholder="Choose a CSV or Excel file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              value={file}
              onChange={(f) => {
                setFile(f)
                restart()
              }}
              disabled={busy}
              clearable
              w={{ base: '100%', xs: 320 }}
            />
          </Group>
          <Radio.Group
            label="When a row matches a record already in the register"
            value={duplicates}
            onChange={(v) => {
              setDuplicates(v as DuplicateMode)
              setChecked(null)
            }}
          >
            <Group gap="lg" mt={6}>
              <Radio value="skip" label="Skip it" disabled={busy} />
              <Radio value="update" label="Update existing" disabled={busy} />
            </Group>
          </Radio.Group>
          <Group>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => !save.isPending && check.run()}
              disabled={!file}
              loading={check.isPending}
            >
              Check file
            </Button>
          </Group>
        </Stack>
      </Paper>

      {checked && (
        <CheckedFile
          result={checked}
          register={register}
          remapped={remapped}
          onMap={(header, column) => {
            setMapping({ ...mappingOf(checked), ...mapping, [header]: column })
            setRemapped(true)
            setChecked({
              ...checked,
              headers: checked.headers.map((h) => (h.header === header ? { header, column } : h)),
            })
          }}
          onRecheck={() => !save.isPending && check.run()}
          onImport={() => !check.isPending && save.run()}
          busy={busy}
          saving={save.isPending}
          duplicates={duplicates}
        />
      )}
      {done && (
        <Finished
          result={done}
          register={register}
          onAgain={() => {
            setFile(null)
            restart()
          }}
        />
      )}
    </Stack>
  )
}

const mappingOf = (result: ImportResult) =>
  Object.fromEntries(result.headers.map((h) => [h.header, h.column ?? '']))

function TemplateMenu({ register }: { register: ImportRegister }) {
  const download = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') =>
      call(importEndpoints.template, { params: { register }, query: { format } }),
    onSuccess: (blob, format) => saveFile(blob as Blob, `${register}-import-template.${format}`),
    onError: (error) => notifyError(errorMessage(error, 'The template could not be downloaded.')),
  })
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
        >
          Template
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download.mutate('xlsx')}>Excel (.xlsx)</Menu.Item>
        <Menu.Item onClick={() => download.mutate('csv')}>CSV</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

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

function CheckedFile({
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
                Importing {toSave} rows into {importRegisterLabels[register]}. A large file can take a minute.
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
            <Table.Thead>
              <Table.Tr>
                <Table.Th>In the file</Table.Th>
                <Table.Th>Goes to</Table.Th>
              </Table.Tr>
            </Table.Thead>
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
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
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
          <Table.Thead>
            <Table.Tr>
              {labels.map((l) => (
                <Table.Th key={l}>{l}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
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

function Finished({
  result,
  register,
  onAgain,
}: {
  result: ImportResult
  register: ImportRegister
  onAgain(): void
}) {
  const root = registerRoots[importRegisters[register]]
  return (
    <Paper withBorder p="md" radius="md" aria-label="Import result" component="section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Import finished
        </Title>
        <Text>
          {result.created} added, {result.updated} updated, {result.skipped} already there and skipped,{' '}
          {result.invalid} with errors not imported.
        </Text>
        {result.failed_batches.map((b) => (
          <Alert key={b.from_row} color="red" title={`Rows ${b.from_row} to ${b.to_row} were not saved`}>
            {b.message}
          </Alert>
        ))}
        <Group>
          {result.error_file && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() =>
                saveFile(new Blob([result.error_file!], { type: 'text/csv' }), `${register}-rows-to-fix.csv`)
              }
            >
              Download the rows to fix
            </Button>
          )}
          <Button component={Link} to={root.path} variant="default">
            Open {importRegisterLabels[register]}
          </Button>
          <Button variant="subtle" onClick={onAgain}>
            Import another file
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
