import { adminEndpoints, organisationUpdateInput } from '@daftar/domain/users'
import { Button, Group, Switch, Text, Title } from '@mantine/core'
import { call } from '../../api/client.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type Settings, settingsQuery } from './api.ts'

const requirementInput = organisationUpdateInput.pick({ require_two_factor: true }).required()

/**
 * 'Two-factor sign-in for admins and accountants': when on, such users without it are walked through
 * its setup at their next sign-in and cannot turn it off (docs/security.md, "V6 Authentication").
 */
export function TwoFactorRequirementForm({ organisation }: { organisation: Settings['organisation'] }) {
  const f = useSchemaForm({
    schema: requirementInput,
    initialValues: { require_two_factor: organisation.require_two_factor },
    submit: (body) =>
      call(adminEndpoints.updateOrganisation, {
        body: { name: organisation.name, ...body },
        ifMatch: organisation.version,
      }),
    failed: 'Failed to update the organisation.',
    successText: () => 'Saved the two-factor sign-in setting.',
    invalidate: [settingsQuery.queryKey],
  })
  return (
    <form {...f.formProps} aria-labelledby="two-factor-requirement-heading">
      {f.guard}
      <Title order={5} id="two-factor-requirement-heading" mt="lg">
        Two-factor sign-in
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Admins and accountants who have not set it up are asked to at their next sign-in, and cannot reach
        Daftar until they have.
      </Text>
      <Group align="flex-end" justify="space-between">
        <Switch
          label="Require two-factor sign-in for admins and accountants"
          {...f.form.getInputProps('require_two_factor', { type: 'checkbox' })}
        />
        <Button type="submit" loading={f.busy} disabled={!f.dirty}>
          Save
        </Button>
      </Group>
    </form>
  )
}
