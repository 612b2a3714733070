import {
  type DuplicateMode,
  type ImportRegister,
  type ImportResult,
  importEndpoints,
  importRegisterLabels,
  importRegisterNames,
  importRegisters,
} from '@daftar/domain/imports'
import { Button, FileInput, Group, Menu, Paper, Radio, Select, Stack } from '@mantine/core'
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { registerRoots } from '../../ui/register-kit/roots.ts'
import { saveFile } from '../../ui/save-file.ts'
import { useOnceMutation } from '../../ui/use-once-mutation.ts'
import { CheckedFile } from './CheckedFile.tsx'
import { Finished, finishedText } from './Finished.tsx'

const isRegister = (v: string | null): v is ImportRegister =>
  importRegisterNames.includes(v as ImportRegister)

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
      notifySuccess(finishedText(result))
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
