import { Alert, Loader, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { settingsQuery } from './api.ts'
import { CategoriesSection } from './CategoriesSection.tsx'
import { OrganisationSection } from './OrganisationSection.tsx'
import { UsersSection } from './UsersSection.tsx'

export default function SettingsPage() {
  const { data: me } = useMe()
  const settings = useQuery({ ...settingsQuery, enabled: Boolean(me?.isadmin) })
  if (me && !me.isadmin) return <Navigate to="/" replace />
  return (
    <Stack maw={1100} mx="auto" gap="lg">
      <Title order={2}>Settings</Title>
      {settings.isPending ? (
        <Loader />
      ) : settings.isError ? (
        <Alert color="red">Error loading settings: {errorMessage(settings.error, 'Unknown error')}</Alert>
      ) : (
        <>
          <OrganisationSection organisation={settings.data.organisation} />
          <CategoriesSection />
          <UsersSection users={settings.data.users} currentUserId={me?.user_id ?? ''} />
        </>
      )}
    </Stack>
  )
}
