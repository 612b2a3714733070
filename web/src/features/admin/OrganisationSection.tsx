import {
  accountsAccessLabels,
  accountsAccessOptions,
  adminEndpoints,
  organisationUpdateInput,
} from '@daftar/domain/users'
import { Badge, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core'
import { call } from '../../api/client.ts'
import { meQuery } from '../../api/shared-queries.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { type Settings, settingsQuery } from './api.ts'
import { InvoiceDetailsForm } from './InvoiceDetailsForm.tsx'
import { SettingForm, useSettingForm } from './SettingForm.tsx'
import { TwoFactorRequirementForm } from './TwoFactorRequirementForm.tsx'

type Organisation = Settings['organisation']

/** The organisation's name, its place under the provider's user limit, and what invoices print. */
export function OrganisationSection({ organisation }: { organisation: Organisation }) {
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="org-heading">
      <Group justify="space-between" mb="md">
        <Title order={4} id="org-heading">
          Organisation
        </Title>
        <Badge variant="light" size="lg" maw="100%">
          {organisation.userCount} of {organisation.userLimit ?? 'unlimited'} login accounts in use
        </Badge>
      </Group>
      {/* A new version (saved here or elsewhere) starts the forms again from what is stored. */}
      <NameForm organisation={organisation} key={organisation.version} />
      <Text size="xs" c="dimmed" mt="xs">
        The user limit is set by your provider.
      </Text>
      <AccountsAccessForm organisation={organisation} key={`accounts-${organisation.version}`} />
      <TwoFactorRequirementForm organisation={organisation} key={`two-factor-${organisation.version}`} />
      <InvoiceDetailsForm organisation={organisation} key={`invoice-${organisation.version}`} />
    </Paper>
  )
}

const nameInput = organisationUpdateInput.pick({ name: true })

function NameForm({ organisation }: { organisation: Organisation }) {
  const f = useSchemaForm({
    schema: nameInput,
    initialValues: { name: organisation.name },
    submit: (body) => call(adminEndpoints.updateOrganisation, { body, ifMatch: organisation.version }),
    failed: 'Failed to update the organisation.',
    invalidate: [settingsQuery.queryKey, meQuery.queryKey],
    draftKey: 'settings:organisation-name',
  })
  return (
    <form {...f.formProps}>
      {f.guard}
      <Group align="flex-start">
        <TextInput
          label="Organisation name"
          style={{ flex: 1, maxWidth: 420 }}
          {...f.form.getInputProps('name')}
        />
        <Button type="submit" loading={f.busy} disabled={!f.dirty} mt={25}>
          Save
        </Button>
      </Group>
    </form>
  )
}

const accountsAccessInput = organisationUpdateInput.pick({ accounts_access: true }).required()

/** 'Who can open Accounts': everyone (the default), or admins and accountants only. */
function AccountsAccessForm({ organisation }: { organisation: Organisation }) {
  const f = useSettingForm(organisation, {
    schema: accountsAccessInput,
    initialValues: { accounts_access: organisation.accounts_access },
    successText: () => 'Saved who can open Accounts.',
    // The sidebar shows or hides Accounts from /users/me.
    invalidate: [settingsQuery.queryKey, meQuery.queryKey],
  })
  return (
    <SettingForm
      f={f}
      id="accounts-access-heading"
      title="Who can open Accounts"
      description="Receivables and payables: the lists, invoice and bill details, creating them and the CSV export. Recording payments stays with admins and accountants; cancelling, deleting and changing payments with admins."
    >
      <Radio.Group aria-labelledby="accounts-access-heading" {...f.form.getInputProps('accounts_access')}>
        <Stack gap="xs">
          {accountsAccessOptions.map((option) => (
            <Radio key={option} value={option} label={accountsAccessLabels[option]} />
          ))}
        </Stack>
      </Radio.Group>
    </SettingForm>
  )
}
