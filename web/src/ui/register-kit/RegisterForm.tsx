import {
  type AccessPermissions,
  type ActionType,
  type ChangeResult,
  requestFailedMessage,
} from '@daftar/domain/registers'
import { Alert, Paper, Stack, Title } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import type { To } from 'react-router'
import { SaveError } from '../FormNotes.tsx'
import { FormActions } from '../form/FormModal.tsx'
import { useSchemaForm } from '../form/use-schema-form.tsx'
import { GrantAccessField } from '../GrantAccessField.tsx'
import type { RegisterForm as Form, FormMode, RegisterDeclaration, RegisterTypes } from './define.ts'
import { FormGrid, type GridColumns, NotesField } from './fields.tsx'

export interface RegisterFormProps<T extends RegisterTypes> {
  register: RegisterDeclaration<T>
  mode: FormMode
  /** The form's starting values (formValues of the record, the request or the blank form). */
  initial: T['values']
  submitLabel: string
  /** Shown above the fields (the admin-approval note). */
  note?: ReactNode
  /** 'Grant Access (Optional)': create forms. */
  grants?: { initial: AccessPermissions }
  /** CREATE or UPDATE: the spec's 'Error submitting … request' when the server says nothing. */
  action: ActionType
  /** The request: the register's data as its schema makes it, the form's values, the grants. */
  submit(data: T['data'], values: T['values'], grants: AccessPermissions): Promise<ChangeResult>
  /** Where the form goes once saved (unless the person has gone elsewhere meanwhile). */
  savedTo: To
  onCancel(): void
  /** Reloads the record when the server says it changed meanwhile (412, edit pages). */
  onReload?(): void
  /** Names the form's draft, kept in session storage if the session expires (ui/drafts.ts). */
  draftKey?: string
}

/** Access grants chosen on a form, and whether they differ from where the form started. */
export function useGrants(initial: AccessPermissions) {
  const [grants, setGrants] = useState(initial)
  return { grants, setGrants, changed: JSON.stringify(grants) !== JSON.stringify(initial) }
}

/**
 * The frame of every register form, on the one form hook (docs/architecture.md, "Adding a form"):
 * validated with the register's own zod schema (the server's), one request per submit however fast
 * the clicks, the server's error in the red box and a toast, the leave guard and the draft; then the
 * note, the register's fields, notes, access grants and the buttons.
 */
export function RegisterForm<T extends RegisterTypes>(props: RegisterFormProps<T>) {
  const { register } = props
  const access = useGrants(props.grants?.initial ?? [])
  // A create may carry more than the data (an employee's login account), checked by its own schema.
  const schema = (props.mode === 'create' && register.form.createSchema) || register.form.schema
  const f = useSchemaForm({
    schema,
    initialValues: props.initial,
    submit: (_parsed, values) => props.submit(register.form.schema.parse(values), values, access.grants),
    failed: requestFailedMessage(register.label, props.action),
    invalidate: [[register.queryKey], ['approvals']],
    openAfter: () => props.savedTo,
    draftKey: props.draftKey,
    extraDirty: access.changed,
    failureFields: register.form.failureFields,
  })

  return (
    <form {...f.formProps}>
      {f.guard}
      <Stack gap="md">
        {f.failure && (
          <Alert color="red" variant="light" role="alert" title="Could not save">
            {props.onReload ? <SaveError failure={f.failure} onReload={props.onReload} /> : f.failure.text}
          </Alert>
        )}
        {props.note}
        <RegisterFields register={register} form={f.form} mode={props.mode} grants={props.grants && access} />
        <FormActions onCancel={props.onCancel} busy={f.busy} submitLabel={props.submitLabel} />
      </Stack>
    </form>
  )
}

/**
 * What a register's form holds, wherever it is shown (its own pages, the approval queue's 'Edit &
 * Re-evaluate'): the register's fields, the notes every register with notes shares, and the access
 * grants of a create.
 */
export function RegisterFields<T extends RegisterTypes>(props: {
  register: RegisterDeclaration<T>
  form: Form<T['values']>
  mode: FormMode
  grants?: { grants: AccessPermissions; setGrants(value: AccessPermissions): void }
}) {
  const { Fields } = props.register.form
  return (
    <>
      <Fields form={props.form} mode={props.mode} />
      {'notes' in props.register.form.empty && (
        <Paper withBorder radius="md" p="md">
          <NotesField label="Notes" {...props.form.getInputProps('notes')} />
        </Paper>
      )}
      {props.grants && <GrantAccessField value={props.grants.grants} onChange={props.grants.setGrants} />}
    </>
  )
}

/** A titled section of a register form: its fields one under another, or in a grid of `columns`. */
export function FormSection({
  title,
  columns,
  children,
}: {
  title: string
  columns?: GridColumns
  children: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} fz="md" mb="sm">
        {title}
      </Title>
      {columns ? <FormGrid columns={columns}>{children}</FormGrid> : <Stack gap="sm">{children}</Stack>}
    </Paper>
  )
}
