import '@mantine/dates/styles.css'
import { REPORT_NAME_MAX, type ReportType, reportEndpoints, reportMessages } from '@daftar/domain/reports'
import { Alert, Autocomplete, MultiSelect, Stack } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { call } from '../../api/client.ts'
import { projectDropdownQuery } from '../../api/register-queries.ts'
import { usersQuery } from '../../api/shared-queries.ts'
import { FormActions } from '../../ui/form/FormModal.tsx'
import { type SchemaForm, useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { CountedTextInput, DateField, type FieldsForm } from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import { userLabel } from '../../ui/UserPicker.tsx'
import { reportsKey } from './api.ts'
import classes from './reports.module.css'

/** The value at a dotted form path ('report_data.period.start'). */
export const at = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], values)

export interface ReportFormState {
  f: Pick<SchemaForm<object>, 'guard' | 'formProps' | 'busy'>
  /** The form's first problem, or the server's answer, for the box above the form. */
  problem: string | null
  top: React.RefObject<HTMLDivElement | null>
}

/**
 * One report form on the form hook: the domain schema of its type validates it (the server parses the
 * same one); the first problem shows in the box above the form and the page scrolls to the top; a sent
 * report goes back to /reports/send (docs/product.md, "Staff reports").
 */
export function useReportForm<V extends { to_user_ids: string[] }>(
  reportType: ReportType,
  schema: z.ZodType,
  initialValues: V,
): ReportFormState & { form: UseFormReturnType<V> } {
  const [invalid, setInvalid] = useState<string | null>(null)
  const top = useRef<HTMLDivElement>(null)
  const toTop = () =>
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' })
      top.current?.focus()
    })
  const f = useSchemaForm({
    schema,
    initialValues,
    submit: (parsed, _values, requestKey) => {
      setInvalid(null)
      return call(reportEndpoints.create, {
        body: { report_type: reportType, ...(parsed as object) } as never,
        idempotencyKey: requestKey,
      })
    },
    failed: reportMessages.unexpected,
    toastErrors: false,
    successText: () => reportMessages.submitted,
    invalidate: [reportsKey],
    openAfter: () => '/reports/send',
    onInvalid: (errors) => {
      setInvalid(String(Object.values(errors)[0] ?? reportMessages.unexpected))
      toTop()
    },
    draftKey: `report:${reportType}`,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls up once per failure
  useEffect(() => {
    if (f.failure) toTop()
  }, [f.failure])
  return { f, form: f.form, problem: invalid ?? f.failure?.text ?? null, top }
}

/** The frame of every report form: title, the box of its first problem, sections, Cancel and Submit. */
export function ReportFormFrame({
  title,
  state,
  children,
}: {
  title: string
  state: ReportFormState
  children: ReactNode
}) {
  const navigate = useNavigate()
  const { f, problem, top } = state
  return (
    <Stack gap="md" w="100%">
      {f.guard}
      <PageHeader title={title} />
      <div ref={top} tabIndex={-1} className={classes.errorBox}>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
      </div>
      <form {...f.formProps}>
        <Stack gap="md">
          {children}
          <FormActions
            onCancel={() => navigate('/reports/send')}
            busy={f.busy}
            submitLabel="Submit Report"
            busyLabel="Submitting..."
          />
        </Stack>
      </form>
    </Stack>
  )
}

/** 'To': a searchable list of users (by username or name), shown as removable tags; each once. */
export function RecipientsField({ form }: { form: FieldsForm }) {
  const users = useQuery(usersQuery)
  return (
    <FormSection title="Recipients">
      <MultiSelect
        label="To"
        required
        placeholder={users.isPending ? 'Loading users...' : 'Search users by name or username'}
        data={(users.data ?? []).map((u) => ({ value: u.user_id, label: userLabel(u) }))}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={users.isError ? 'Could not load users.' : 'No users found.'}
        comboboxProps={{ withinPortal: true }}
        value={recipientsOf(form.values)}
        onChange={(ids) => form.setFieldValue('to_user_ids', ids)}
        // Marked (red, aria-invalid) while refused; the words are the form's top alert.
        error={Boolean(form.errors.to_user_ids)}
      />
    </FormSection>
  )
}

/** The chosen recipients' ids (every report form holds them as `to_user_ids`). */
const recipientsOf = (values: Record<string, unknown>): string[] =>
  Array.isArray(values.to_user_ids) ? values.to_user_ids : []

/** Project Name: searchable over the organisation's projects; free text allowed (then no link). */
export function ProjectField({ form, path }: { form: FieldsForm; path: string }) {
  const projects = useQuery(projectDropdownQuery)
  const names = [...new Set((projects.data ?? []).map((p) => p.name))]
  const context = at(form.values, path) as { projectName?: string; clientName?: string } | undefined
  return (
    <Autocomplete
      label="Project Name"
      placeholder="Search projects or type a name"
      data={names}
      value={context?.projectName ?? ''}
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

/** A context name ('Client Name', 'Project Type' …), counted to its limit. */
export function NameField({ form, path, label }: { form: FieldsForm; path: string; label: string }) {
  return <CountedTextInput label={label} maxLength={REPORT_NAME_MAX} {...form.getInputProps(path)} />
}

/**
 * A YYYY-MM-DD date input bound to a form path ('' when empty). In a table row it has no visible
 * label of its own: `name` ('Date of Complaint 2') is what a screen reader says.
 */
export function FormDate({
  form,
  path,
  label,
  name,
  required,
  miw,
}: {
  form: FieldsForm
  path: string
  label?: string
  name?: string
  required?: boolean
  miw?: number
}) {
  const value = at(form.values, path)
  return (
    <DateField
      label={label}
      aria-label={label ? undefined : name}
      required={required}
      placeholder="dd Mon yyyy"
      value={(value as string) || null}
      onChange={(d) => form.setFieldValue(path, d ? String(d).slice(0, 10) : '')}
      error={label ? form.errors[path] : undefined}
      miw={miw}
    />
  )
}
