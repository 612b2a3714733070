import { Button, Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { type SchemaForm, type SchemaFormOptions, useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { adminApi, type OrganisationChange, type Settings } from './api.ts'

/** The form of one setting: saved through the organisation's update, which keeps its name as it is. */
export function useSettingForm<V extends object, S extends z.ZodType<OrganisationChange>>(
  organisation: Settings['organisation'],
  options: Pick<
    SchemaFormOptions<V, S, Awaited<ReturnType<typeof adminApi.updateOrganisation>>>,
    'schema' | 'initialValues' | 'successText' | 'invalidate'
  >,
) {
  return useSchemaForm({
    ...options,
    submit: (change) => adminApi.updateOrganisation(organisation, change),
    failed: 'Failed to update the organisation.',
  })
}

/**
 * One of the organisation's settings, saved on its own (who can open Accounts, two-factor sign-in):
 * its heading, what it means, and its control with Save beside it.
 */
export function SettingForm<V extends object>({
  f,
  id,
  title,
  description,
  children,
}: {
  f: SchemaForm<V>
  /** The heading's id, which names the form. */
  id: string
  title: string
  description: ReactNode
  children: ReactNode
}) {
  return (
    <form {...f.formProps} aria-labelledby={id}>
      {f.guard}
      <Title order={5} id={id} mt="lg">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {description}
      </Text>
      <Group align="flex-end" justify="space-between">
        {children}
        <Button type="submit" loading={f.busy} disabled={!f.dirty}>
          Save
        </Button>
      </Group>
    </form>
  )
}
