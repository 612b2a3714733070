import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconBell, IconKey, IconShieldLock, IconUser, IconUserEdit } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { type Me, useMe } from '../../api/shared-queries.ts'
import { SectionBoundary } from '../../app/errors.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { AddressTabs, PageLoading } from '../../ui/RecordPage.tsx'
import { ChangePasswordModal } from './ChangePasswordModal.tsx'
import { NotificationsTab } from './NotificationsTab.tsx'
import { SecurityTab } from './SecurityTab.tsx'

// Cropping and compression libraries load only when someone edits their profile.
const EditProfileModal = lazy(() => import('./EditProfileModal.tsx'))

/**
 * The signed-in user's own page: who they are, (Security) how they sign in and where, and
 * (Notifications) how they are told of events.
 */
export default function ProfilePage() {
  const { data: me } = useMe()
  if (!me) return <PageLoading text="Loading your profile..." />
  return (
    <Stack>
      <PageHeader title="Profile" description={me.full_name} />
      <AddressTabs
        tabs={[
          {
            value: 'profile',
            label: 'Profile',
            icon: <IconUser size={16} />,
            content: (
              <SectionBoundary>
                <ProfileTab me={me} />
              </SectionBoundary>
            ),
          },
          {
            value: 'security',
            label: 'Security',
            icon: <IconShieldLock size={16} />,
            content: <SecurityTab />,
          },
          {
            value: 'notifications',
            label: 'Notifications',
            icon: <IconBell size={16} />,
            content: (
              <SectionBoundary>
                <NotificationsTab />
              </SectionBoundary>
            ),
          },
        ]}
      />
    </Stack>
  )
}

function ProfileTab({ me }: { me: Me }) {
  const [dialog, setDialog] = useState<'password' | 'profile' | null>(null)
  const close = () => setDialog(null)
  const facts: [string, string | null][] = [
    ['Full name', me.full_name],
    ['Username', me.username],
    ['Email', me.email],
    ['Mobile', me.mobile],
    ['Designation', me.designation],
    ['Organisation', me.orgName],
  ]
  return (
    <Paper withBorder p="lg" radius="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value || '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group mt="lg" gap="sm">
        <Button variant="light" leftSection={<IconUserEdit size={16} />} onClick={() => setDialog('profile')}>
          Edit Profile
        </Button>
        <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setDialog('password')}>
          Change Password
        </Button>
      </Group>
      <ChangePasswordModal opened={dialog === 'password'} onClose={close} />
      {dialog === 'profile' && (
        <Suspense fallback={null}>
          <EditProfileModal me={me} onClose={close} />
        </Suspense>
      )}
    </Paper>
  )
}
