import type { AccessPermissions } from '@daftar/domain/registers'
import { Alert, Paper, Stack, Title } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'
import { type FieldErrors, fieldErrors, focusFirstError } from './form-errors.ts'
import { RegisterFormFooter } from './RegisterFormFooter.tsx'

/** What every register form takes: its add page, its edit page and 'Edit & Re-evaluate' in the queue. */
export interface RegisterFormProps<T> {
  /** Prefill: the record being edited, or the proposed data of a pending action. */
  initial?: Partial<T> | null
  submitLabel: string
  busy: boolean
  /** The server's error, shown in a red box above the form. */
  serverError?: ReactNode
  /** 'Grant Access (Optional)': on create forms only. */
  withGrantAccess?: boolean
  /** Shown above the fields (e.g. the admin-approval note). */
  note?: ReactNode
  onSubmit: (data: T, accessPermissions: AccessPermissions) => void
  onCancel: () => void
}

type Validation<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } }

/**
 * The frame of every register form: validated with the register's own schema on submit (messages per
 * field, focus on the first invalid one), the server's error box, the note, the sections given as
 * `children(errors)`, then notes, access grants and the buttons.
 */
export function RegisterForm<T>(props: {
  form: RegisterFormProps<T>
  validation: Validation<T>
  notes: string
  onNotes: (notes: string) => void
  children: (errors: FieldErrors) => ReactNode
}) {
  const ref = useRef<HTMLFormElement>(null)
  const [access, setAccess] = useState<AccessPermissions>([])
  const [submitted, setSubmitted] = useState(false)
  const { form, validation } = props
  const errors = submitted && !validation.success ? fieldErrors(validation.error.issues) : {}
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setSubmitted(true)
        if (validation.success) form.onSubmit(validation.data, access)
        else requestAnimationFrame(() => focusFirstError(ref.current))
      }}
    >
      <Stack gap="md">
        {form.serverError && (
          <Alert color="red" variant="light" role="alert" title="Could not save">
            {form.serverError}
          </Alert>
        )}
        {form.note}
        {props.children(errors)}
        <RegisterFormFooter
          notes={props.notes}
          onNotes={props.onNotes}
          notesError={errors.notes}
          grantAccess={form.withGrantAccess ? { value: access, onChange: setAccess } : undefined}
          busy={form.busy}
          submitLabel={form.submitLabel}
          onCancel={form.onCancel}
        />
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
