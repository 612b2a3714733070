import '@mantine/dates/styles.css'
import { reportMessages } from '@daftar/domain/reports'
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form'
import { IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { describeFailure } from '../../api/client.ts'
import { projectDropdownQuery } from '../../api/register-queries.ts'
import { usersQuery } from '../../api/shared-queries.ts'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { DateField } from '../../ui/register-kit/fields.tsx'
import { ScrollTable } from '../../ui/ScrollTable'
import { reportsApi, reportsKey } from './api.ts'
import classes from './reports.module.css'

// biome-ignore lint/suspicious/noExplicitAny: the form values of each report type differ
export type AnyForm = UseFormReturnType<any>

/** The value at a dotted form path ('report_data.period.start'). */
export const at = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], values)

/** A blank row of a table, n times (docs/product.md, "Staff reports": starting rows). */
export const blankRows = <T,>(n: number, row: () => T): T[] => Array.from({ length: n }, row)

/**
 * One report form: the domain schema of its type validates it (the server parses the same one); the
 * first problem shows in the error box above the form, and the page scrolls to the top (docs/product.md, "Staff reports").
 */
export function useReportForm<V extends { to_user_ids: string[] }>(
  reportType: string,
  schema: z.ZodType,
  initialValues: V,
) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const top = useRef<HTMLDivElement>(null)
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  })
  const showError = (message: string) => {
    setError(message)
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' })
      top.current?.focus()
    })
  }
  const submit = useMutation({
    mutationFn: (values: V) =>
      reportsApi.create({ report_type: reportType, ...(schema.parse(values) as object) } as never),
    onSuccess: () => {
      notifySuccess(reportMessages.submitted)
      void queryClient.invalidateQueries({ queryKey: reportsKey })
      navigate('/reports/send')
    },
    onError: (e) => showError(describeFailure(e, reportMessages.unexpected, reportMessages.unexpected)),
  })
  const onSubmit = form.onSubmit(
    (values) => {
      if (submit.isPending) return
      setError(null)
      submit.mutate(values)
    },
    (errors) => showError(String(Object.values(errors)[0] ?? reportMessages.unexpected)),
  )
  // Asks before unsaved input is left behind (back, a link, Cancel, reload); not once it is sent.
  const unsaved = form.isDirty() && !submit.isPending && !submit.isSuccess
  return { form, error, top, onSubmit, busy: submit.isPending, unsaved }
}

/** The frame of every report form: title, error box, sections, Cancel and 'Submit Report'. */
export function ReportFormFrame(props: {
  title: string
  error: string | null
  top: React.RefObject<HTMLDivElement | null>
  busy: boolean
  unsaved: boolean
  onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void
  children: ReactNode
}) {
  const navigate = useNavigate()
  return (
    <Stack maw={1100} mx="auto" gap="md" w="100%">
      <LeaveGuard when={props.unsaved} />
      <PageHeader title={props.title} />
      <div ref={props.top} tabIndex={-1} className={classes.errorBox}>
        {props.error && (
          <Alert color="red" variant="light" role="alert">
            {props.error}
          </Alert>
        )}
      </div>
      <form noValidate onSubmit={props.onSubmit}>
        <Stack gap="md">
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/reports/send')} disabled={props.busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={props.busy}>
              {props.busy ? 'Submitting...' : 'Submit Report'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

export function Section({
  title,
  children,
  action,
}: {
  title: string
  children: ReactNode
  action?: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}

/** 'To': a searchable list of users (by username or name), shown as removable tags; each once. */
export function RecipientsField({ form }: { form: AnyForm }) {
  const users = useQuery(usersQuery)
  return (
    <Section title="Recipients">
      <MultiSelect
        label="To"
        required
        placeholder={users.isPending ? 'Loading users...' : 'Search users by name or username'}
        data={(users.data ?? []).map((u) => ({ value: u.user_id, label: `${u.full_name} (@${u.username})` }))}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={users.isError ? 'Could not load users.' : 'No users found.'}
        comboboxProps={{ withinPortal: true }}
        value={form.values.to_user_ids}
        onChange={(ids) => form.setFieldValue('to_user_ids', ids)}
      />
    </Section>
  )
}

/** Project Name: searchable over the organisation's projects; free text allowed (then no link). */
export function ProjectField({ form, path }: { form: AnyForm; path: string }) {
  const projects = useQuery(projectDropdownQuery)
  const names = [...new Set((projects.data ?? []).map((p) => p.name))]
  const context = at(form.values, path) as { projectName?: string; clientName?: string } | undefined
  const value = context?.projectName ?? ''
  return (
    <Autocomplete
      label="Project Name"
      placeholder="Search projects or type a name"
      data={names}
      value={value}
      onChange={(name) => {
        const match = projects.data?.find((p) => p.name === name)
        form.setFieldValue(`${path}.projectName`, name)
        form.setFieldValue(`${path}.projectId`, match?.project_id ?? null)
        if (match && !context?.clientName) form.setFieldValue(`${path}.clientName`, match.client_name)
      }}
      comboboxProps={{ withinPortal: true }}
      limit={50}
    />
  )
}

/** A YYYY-MM-DD date input bound to a form path ('' when empty). */
export function FormDate({
  form,
  path,
  label,
  required,
}: {
  form: AnyForm
  path: string
  label?: string
  required?: boolean
}) {
  const value = at(form.values, path)
  return (
    <DateField
      label={label}
      aria-label={label ? undefined : path}
      required={required}
      placeholder="dd Mon yyyy"
      value={(value as string) || null}
      onChange={(d) => form.setFieldValue(path, d ? String(d).slice(0, 10) : '')}
      miw={label ? undefined : 140}
    />
  )
}

/** A table of rows: '#', the columns, a remove button (while more than one row remains) and '+ Add …'. */
export function RowsTable<R>(props: {
  form: AnyForm
  path: string
  rows: R[]
  headers: ReactNode[]
  minWidth: number
  addLabel: string
  blank: () => R
  cells: (index: number) => ReactNode[]
  footer?: ReactNode
  ariaLabel: string
}) {
  const { form, path, rows } = props
  return (
    <Stack gap="xs">
      <ScrollTable minWidth={props.minWidth} label={props.ariaLabel}>
        <Table className={classes.rowsTable} aria-label={props.ariaLabel} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              {props.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Th key={i}>{h}</Table.Th>
              ))}
              <Table.Th w={44} aria-label="Remove" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of the form's list
              <Table.Tr key={index}>
                <Table.Td pt={14}>{index + 1}</Table.Td>
                {props.cells(index).map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={4}
                    aria-label={`Remove row ${index + 1}`}
                    disabled={rows.length <= 1}
                    onClick={() => form.removeListItem(path, index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {props.footer}
        </Table>
      </ScrollTable>
      <Group>
        <Button variant="light" size="xs" onClick={() => form.insertListItem(path, props.blank())}>
          {props.addLabel}
        </Button>
      </Group>
    </Stack>
  )
}

export function Hint({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  )
}
