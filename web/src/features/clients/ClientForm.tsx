import { type ClientData, clientData } from '@daftar/domain/clients'
import { GSTIN_LENGTH, PAN_LENGTH } from '@daftar/domain/gstin'
import type { AccessPermissions, ContactRow } from '@daftar/domain/registers'
import { Alert, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'
import { ContactRowsEditor, type ContactRowValues, emptyContact } from '../../ui/ContactRowsEditor.tsx'
import { fieldErrors, focusFirstError } from '../../ui/form-errors.ts'
import { RegisterFormFooter } from '../../ui/RegisterFormFooter.tsx'

interface Values {
  name: string
  office_address: string
  gstin: string
  pan: string
  contacts: ContactRowValues[]
  notes: string
}

const text = (v: string | null | undefined) => v ?? ''
const contactValues = (rows: readonly ContactRow[] | null | undefined): ContactRowValues[] =>
  rows?.length
    ? rows.map((r) => ({ name: text(r.name), phone: text(r.phone), email: text(r.email) }))
    : [emptyContact()]

function toValues(data: Partial<ClientData> | null | undefined): Values {
  return {
    name: text(data?.name),
    office_address: text(data?.office_address),
    gstin: text(data?.gstin),
    pan: text(data?.pan),
    contacts: contactValues(data?.contacts),
    notes: text(data?.notes),
  }
}

export interface ClientFormProps {
  /** Prefill: the client being edited, or the proposed data of a pending action. */
  initial?: Partial<ClientData> | null
  submitLabel: string
  busy: boolean
  /** The server's error, shown in a red box above the form. */
  serverError?: ReactNode
  /** 'Grant Access (Optional)': on create forms only. */
  withGrantAccess?: boolean
  /** Shown above the fields (e.g. the admin-approval note). */
  note?: ReactNode
  onSubmit: (data: ClientData, accessPermissions: AccessPermissions) => void
  onCancel: () => void
}

/**
 * The client form of the add and edit pages and of the approval queue's 'Edit & Re-evaluate' (a
 * documented exception to "no feature imports another"). Validated with the server's own schema.
 */
export function ClientForm(props: ClientFormProps) {
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(() => toValues(props.initial))
  const [access, setAccess] = useState<AccessPermissions>([])
  const [submitted, setSubmitted] = useState(false)
  const result = clientData.safeParse(values)
  const errors = submitted && !result.success ? fieldErrors(result.error.issues) : {}
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setSubmitted(true)
        if (result.success) props.onSubmit(result.data, access)
        else requestAnimationFrame(() => focusFirstError(form.current))
      }}
    >
      <Stack gap="md">
        {props.serverError && (
          <Alert color="red" variant="light" role="alert" title="Could not save">
            {props.serverError}
          </Alert>
        )}
        {props.note}
        <Paper withBorder radius="md" p="md">
          <Title order={4} fz="md" mb="sm">
            Client Information
          </Title>
          <Stack gap="sm">
            <TextInput
              label="Client name"
              required
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              maxLength={200}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="GSTIN"
                placeholder="e.g. 27AAPFU0939F1ZV"
                value={values.gstin}
                onChange={(e) => set('gstin', e.currentTarget.value.toUpperCase())}
                error={errors.gstin}
                maxLength={GSTIN_LENGTH}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <TextInput
                label="PAN"
                placeholder="e.g. AAPFU0939F"
                value={values.pan}
                onChange={(e) => set('pan', e.currentTarget.value.toUpperCase())}
                error={errors.pan}
                maxLength={PAN_LENGTH}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            </SimpleGrid>
            <Textarea
              label="Office address"
              value={values.office_address}
              onChange={(e) => set('office_address', e.currentTarget.value)}
              error={errors.office_address}
              autosize
              minRows={2}
              maxLength={1000}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} fz="md" mb="sm">
            Contact Persons
          </Title>
          <ContactRowsEditor
            value={values.contacts}
            onChange={(rows) => set('contacts', rows)}
            errors={errors}
          />
        </Paper>
        <RegisterFormFooter
          notes={values.notes}
          onNotes={(notes) => set('notes', notes)}
          notesError={errors.notes}
          grantAccess={props.withGrantAccess ? { value: access, onChange: setAccess } : undefined}
          busy={props.busy}
          submitLabel={props.submitLabel}
          onCancel={props.onCancel}
        />
      </Stack>
    </form>
  )
}
