import { organisationUpdateInput } from '@daftar/domain/users'
import { Switch } from '@mantine/core'
import { type Settings, settingsQuery } from './api.ts'
import { SettingForm, useSettingForm } from './SettingForm.tsx'

const requirementInput = organisationUpdateInput.pick({ require_two_factor: true }).required()

/**
 * 'Two-factor sign-in for admins and accountants': when on, such users without it are walked through
 * its setup at their next sign-in and cannot turn it off (docs/security.md, "V6 Authentication").
 */
export function TwoFactorRequirementForm({ organisation }: { organisation: Settings['organisation'] }) {
  const f = useSettingForm(organisation, {
    schema: requirementInput,
    initialValues: { require_two_factor: organisation.require_two_factor },
    successText: () => 'Saved the two-factor sign-in setting.',
    invalidate: [settingsQuery.queryKey],
  })
  return (
    <SettingForm
      f={f}
      id="two-factor-requirement-heading"
      title="Two-factor sign-in"
      description="Admins and accountants who have not set it up are asked to at their next sign-in, and cannot reach Daftar until they have."
    >
      <Switch
        label="Require two-factor sign-in for admins and accountants"
        {...f.form.getInputProps('require_two_factor', { type: 'checkbox' })}
      />
    </SettingForm>
  )
}
