import type { AccessPermissions } from '@daftar/domain/registers'
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useKeepDraft, useRestoredDraft } from '../drafts.ts'
import { focusFirstError } from '../form-errors.ts'
import { GrantAccessField } from '../GrantAccessField.tsx'
import type { AnyRegister, FormMode } from './define.ts'
import { CountedTextarea } from './fields.tsx'

export interface RegisterFormProps {
  register: AnyRegister
  mode: FormMode
  /** The form's starting values (formValues of the record, the request or the blank form). */
  initial: unknown
  submitLabel: string
  busy: boolean
  /** The server's error, in the red box above the form. */
  serverError?: ReactNode
  /** Shown above the fields (the admin-approval note). */
  note?: ReactNode
  /** 'Grant Access (Optional)': create forms, and a create request under review. */
  grants?: { initial: AccessPermissions }
  onSubmit(data: object, values: unknown, grants: AccessPermissions): void
  onCancel(): void
  /** Told whenever the form gains or loses unsaved input (the leave guard listens). */
  onDirtyChange?(dirty: boolean): void
  /** Names the form's draft, kept in session storage if the session expires (ui/drafts.ts). */
  draftKey?: string
}

interface Draft {
  values: Record<string, unknown>
  grants: AccessPermissions
}

/**
 * The frame of every register form: @mantine/form validated with the register's own zod schema (the
 * server's), the server's error box, the note, the register's fields, notes, access grants and the
 * buttons. A field's message goes as soon as the field is right again.
 */
export function RegisterForm(props: RegisterFormProps) {
  const { register } = props
  const ref = useRef<HTMLFormElement>(null)
  const [grants, setGrants] = useState<AccessPermissions>(props.grants?.initial ?? [])
  // A create may carry more than the data (an employee's login account), checked by its own schema.
  const schema = (props.mode === 'create' && register.form.createSchema) || register.form.schema
  const form = useForm({
    mode: 'controlled',
    initialValues: props.initial as Record<string, unknown>,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  })
  const dirty = form.isDirty() || grants.length !== (props.grants?.initial.length ?? 0)
  const restored = useRestoredDraft<Draft>(props.draftKey ?? '')
  // biome-ignore lint/correctness/useExhaustiveDependencies: restores the kept draft once, on mount
  useEffect(() => {
    if (!restored || !props.draftKey) return
    form.setValues(restored.values)
    if (props.grants) setGrants(restored.grants)
  }, [])
  useKeepDraft(props.draftKey ?? '', { values: form.getValues(), grants }, Boolean(props.draftKey) && dirty)
  const { onDirtyChange } = props
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])
  const { Fields } = register.form
  const hasNotes = 'notes' in (props.initial as object)

  return (
    <form
      ref={ref}
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          if (props.busy) return
          const parsed = register.form.schema.safeParse(values)
          if (parsed.success && schema.safeParse(values).success)
            props.onSubmit(parsed.data as object, values, grants)
        },
        () => requestAnimationFrame(() => focusFirstError(ref.current)),
      )}
    >
      <Stack gap="md">
        {props.serverError && (
          <Alert color="red" variant="light" role="alert" title="Could not save">
            {props.serverError}
          </Alert>
        )}
        {props.note}
        <Fields form={form} mode={props.mode} />
        {hasNotes && (
          <Paper withBorder radius="md" p="md">
            <CountedTextarea
              label="Notes"
              autosize
              minRows={3}
              maxLength={5000}
              {...form.getInputProps('notes')}
            />
          </Paper>
        )}
        {props.grants && <GrantAccessField value={grants} onChange={setGrants} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={props.busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** A titled section of a register form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  )
}
