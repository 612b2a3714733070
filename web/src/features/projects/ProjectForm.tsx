import { type ProjectData, projectData } from '@daftar/domain/projects'
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { clientDropdownQuery } from '../../api/register-queries.ts'
import { FormSection, RegisterForm, type RegisterFormProps } from '../../ui/RegisterForm.tsx'
import { SearchSelect } from '../../ui/SearchSelect.tsx'
import { type ProjectFormValues, toFormValues, toInput } from './project-form-values.ts'

export type ProjectFormProps = RegisterFormProps<ProjectData>

/**
 * The project form of the add and edit pages and of 'Edit & Re-evaluate' in the approval queue (the
 * documented exception to "no feature imports another"). Validated with the server's schema.
 */
export function ProjectForm(props: ProjectFormProps) {
  const clients = useQuery(clientDropdownQuery)
  const [values, setValues] = useState<ProjectFormValues>(() => toFormValues(props.initial))
  const validation = projectData.safeParse(toInput(values))
  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))
  const setIn = <K extends 'contact' | 'work_order' | 'consultant'>(
    key: K,
    field: keyof ProjectFormValues[K],
    value: string,
  ) => setValues((v) => ({ ...v, [key]: { ...v[key], [field]: value } }))

  return (
    <RegisterForm
      form={props}
      validation={validation}
      notes={values.notes}
      onNotes={(notes) => set('notes', notes)}
    >
      {(errors) => (
        <>
          <FormSection title="Project Information">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Project name"
                required
                value={values.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={errors.name}
                maxLength={200}
              />
              <SearchSelect
                label="Client"
                required
                placeholder="Type a client name"
                options={(clients.data ?? []).map((c) => ({
                  value: c.client_id,
                  label: c.name,
                  description: c.gstin,
                }))}
                value={values.client_id}
                onChange={(id) => set('client_id', id)}
                loading={clients.isPending}
                nothingFound={clients.isError ? 'Could not load clients.' : 'No client matches.'}
                error={errors.client_id}
              />
              <TextInput
                label="Project type"
                placeholder="e.g. Effluent Treatment Plant"
                value={values.project_type}
                onChange={(e) => set('project_type', e.currentTarget.value)}
                error={errors.project_type}
                maxLength={120}
              />
              <TextInput
                label="Capacity"
                placeholder="e.g. 500 KLD"
                value={values.capacity}
                onChange={(e) => set('capacity', e.currentTarget.value)}
                error={errors.capacity}
                maxLength={120}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Site">
            <Stack gap="sm">
              <Textarea
                label="Address"
                value={values.address}
                onChange={(e) => set('address', e.currentTarget.value)}
                error={errors.address}
                autosize
                minRows={2}
                maxLength={1000}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Zip code"
                  inputMode="numeric"
                  value={values.zip_code}
                  onChange={(e) => set('zip_code', e.currentTarget.value)}
                  error={errors.zip_code}
                  maxLength={20}
                />
                <TextInput
                  label="Maps link"
                  type="url"
                  placeholder="https://maps.google.com/..."
                  value={values.project_address_maps_link}
                  onChange={(e) => set('project_address_maps_link', e.currentTarget.value)}
                  error={errors.project_address_maps_link}
                  maxLength={2000}
                />
              </SimpleGrid>
            </Stack>
          </FormSection>
          <FormSection title="Project Contact">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Name"
                aria-label="Project contact name"
                value={values.contact.name}
                onChange={(e) => setIn('contact', 'name', e.currentTarget.value)}
                error={errors['project_contact_details.name']}
                maxLength={120}
              />
              <TextInput
                label="Phone"
                aria-label="Project contact phone"
                type="tel"
                value={values.contact.phone}
                onChange={(e) => setIn('contact', 'phone', e.currentTarget.value)}
                error={errors['project_contact_details.phone']}
                maxLength={40}
              />
              <TextInput
                label="Email"
                aria-label="Project contact email"
                type="email"
                value={values.contact.email}
                onChange={(e) => setIn('contact', 'email', e.currentTarget.value)}
                error={errors['project_contact_details.email']}
                maxLength={254}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Work Order Details">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Work order number"
                value={values.work_order.number}
                onChange={(e) => setIn('work_order', 'number', e.currentTarget.value)}
                error={errors['work_order_details.number']}
                maxLength={120}
              />
              <TextInput
                label="Work order date"
                type="date"
                value={values.work_order.date}
                onChange={(e) => setIn('work_order', 'date', e.currentTarget.value)}
                error={errors['work_order_details.date']}
              />
              <TextInput
                label="Total value (₹)"
                inputMode="decimal"
                placeholder="0.00"
                value={values.work_order.total_value}
                onChange={(e) =>
                  setIn('work_order', 'total_value', e.currentTarget.value.replace(/[^\d.,]/g, ''))
                }
                error={errors['work_order_details.total_value']}
                maxLength={18}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Consultant Details">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Consultant name"
                value={values.consultant.name}
                onChange={(e) => setIn('consultant', 'name', e.currentTarget.value)}
                error={errors['consultant_details.name']}
                maxLength={120}
              />
              <TextInput
                label="Contact person"
                aria-label="Consultant contact person"
                value={values.consultant.contact_person}
                onChange={(e) => setIn('consultant', 'contact_person', e.currentTarget.value)}
                error={errors['consultant_details.contact_person']}
                maxLength={120}
              />
              <TextInput
                label="Phone"
                aria-label="Consultant phone"
                type="tel"
                value={values.consultant.phone}
                onChange={(e) => setIn('consultant', 'phone', e.currentTarget.value)}
                error={errors['consultant_details.phone']}
                maxLength={40}
              />
              <TextInput
                label="Email"
                aria-label="Consultant email"
                type="email"
                value={values.consultant.email}
                onChange={(e) => setIn('consultant', 'email', e.currentTarget.value)}
                error={errors['consultant_details.email']}
                maxLength={254}
              />
            </SimpleGrid>
          </FormSection>
        </>
      )}
    </RegisterForm>
  )
}
