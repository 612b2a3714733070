import { Alert, Loader, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { SectionBoundary } from '../../app/errors.tsx'
import { settingsQuery } from './api.ts'
import { CategoriesSection } from './CategoriesSection.tsx'
import { OrganisationSection } from './OrganisationSection.tsx'
import { PaymentRemindersSection } from './PaymentRemindersSection.tsx'
import { UsersSection } from './UsersSection.tsx'

/** Admin settings: the organisation, payment reminders, task categories and users; each section fails on its own. */
export default function SettingsPage() {
  const { data: me } = useMe()
  const settings = useQuery({ ...settingsQuery, enabled: Boolean(me?.isadmin) })
  if (me && !me.isadmin) return <Navigate to="/" replace />
  if (!me) return <Loader />
  return (
    <Stack gap="lg">
      <Title order={2}>Settings</Title>
      {settings.isPending ? (
        <Loader />
      ) : settings.isError ? (
        <Alert color="red">Error loading settings: {errorMessage(settings.error, 'Unknown error')}</Alert>
      ) : (
        <>
          <SectionBoundary>
            <OrganisationSection organisation={settings.data.organisation} />
          </SectionBoundary>
          <SectionBoundary>
            <PaymentRemindersSection
              organisation={settings.data.organisation.name}
              hasUpi={Boolean(settings.data.organisation.upi_id)}
            />
          </SectionBoundary>
        </>
      )}
      <SectionBoundary>
        <CategoriesSection />
      </SectionBoundary>
      <SectionBoundary>
        <UsersSection currentUserId={me.user_id} />
      </SectionBoundary>
    </Stack>
  )
}
