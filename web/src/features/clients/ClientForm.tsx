import { type ClientData, clientData } from '@daftar/domain/clients'
import { GSTIN_LENGTH, PAN_LENGTH } from '@daftar/domain/gstin'
import type { ContactRow } from '@daftar/domain/registers'
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { ContactRowsEditor, type ContactRowValues, emptyContact } from '../../ui/ContactRowsEditor.tsx'
import { FormSection, RegisterForm, type RegisterFormProps } from '../../ui/RegisterForm.tsx'

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

export type ClientFormProps = RegisterFormProps<ClientData>

/**
 * The client form of the add and edit pages and of the approval queue's 'Edit & Re-evaluate' (a
 * documented exception to "no feature imports another"). Validated with the server's own schema.
 */
export function ClientForm(props: ClientFormProps) {
  const [values, setValues] = useState<Values>(() => toValues(props.initial))
  const validation = clientData.safeParse(values)
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))

  return (
    <RegisterForm
      form={props}
      validation={validation}
      notes={values.notes}
      onNotes={(notes) => set('notes', notes)}
    >
      {(errors) => (
        <>
          <FormSection title="Client Information">
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
          </FormSection>
          <FormSection title="Contact Persons">
            <ContactRowsEditor
              value={values.contacts}
              onChange={(rows) => set('contacts', rows)}
              errors={errors}
            />
          </FormSection>
        </>
      )}
    </RegisterForm>
  )
}
