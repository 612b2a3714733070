import { AppShell, Avatar, Burger, Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconKey, IconLogout, IconShieldLock, IconUserEdit } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { useMe, usePhotoUrl } from '../../api/shared-queries.ts'
import { LogoutDialog } from '../../features/auth/LogoutDialog.tsx'
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx'
import { usePushNote } from '../../features/notifications/push.ts'
import { ChangePasswordModal } from '../../features/profile/ChangePasswordModal.tsx'
import { PROFILE_DRAFT } from '../../features/profile/profile-draft.ts'
import { SearchTrigger } from '../../features/search/SearchTrigger.tsx'
import { hasDraft } from '../../ui/drafts.ts'
import classes from './Header.module.css'

// Cropping and compression libraries load only when someone edits their profile.
const EditProfileModal = lazy(() => import('../../features/profile/EditProfileModal.tsx'))

type Dialog = 'password' | 'profile' | 'logout' | null

export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { data: me, isPending } = useMe()
  const photo = usePhotoUrl(me?.display_photo)
  // A name typed in Edit Profile when the session expired opens the dialog again with it, on the page
  // it was typed on (the user menu is on every page).
  const [dialog, setDialog] = useState<Dialog>(() => (hasDraft(PROFILE_DRAFT) ? 'profile' : null))
  const pushNote = usePushNote()
  const close = () => setDialog(null)

  return (
    <AppShell.Header>
      <div className={classes.header}>
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Burger opened={menuOpen} onClick={onToggleMenu} size="sm" aria-label="Toggle navigation" />
          <Link to="/" className={classes.title}>
            <span className={classes.mark} aria-hidden>
              D
            </span>
            <span className={classes.titleText}>Daftar</span>
          </Link>
          {me && (
            <span className={classes.org} data-testid="org-name">
              {me.orgName}
            </span>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <SearchTrigger />
          <NotificationBell />
          {isPending || !me ? (
            <Skeleton height={36} width={120} radius="xl" />
          ) : (
            <Menu position="bottom-end" width={260} shadow="md" withinPortal>
              <Menu.Target>
                <UnstyledButton className={classes.userButton} aria-label="User menu">
                  <Avatar
                    src={photo}
                    alt={me.full_name}
                    name={me.full_name}
                    color="initials"
                    radius="xl"
                    size={34}
                  />
                  <Text size="sm" fw={600} className={classes.userName}>
                    {me.full_name}
                  </Text>
                  <IconChevronDown size={14} aria-hidden />
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Group gap="sm" p="sm" wrap="nowrap">
                  <Avatar src={photo} alt="" name={me.full_name} color="initials" radius="xl" size={44} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate data-testid="menu-full-name">
                      {me.full_name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      @{me.username}
                    </Text>
                    {me.designation && (
                      <Text size="xs" c="dimmed" truncate>
                        {me.designation}
                      </Text>
                    )}
                  </div>
                </Group>
                {pushNote && (
                  <Text size="xs" c="dimmed" px="sm" pb="xs" data-testid="push-note">
                    {pushNote}
                  </Text>
                )}
                <Menu.Divider />
                <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setDialog('password')}>
                  Change Password
                </Menu.Item>
                <Menu.Item leftSection={<IconUserEdit size={16} />} onClick={() => setDialog('profile')}>
                  Edit Profile
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconShieldLock size={16} />}
                  component={Link}
                  to="/profile?tab=security"
                >
                  Security
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconLogout size={16} />}
                  onClick={() => setDialog('logout')}
                >
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </div>
      <ChangePasswordModal opened={dialog === 'password'} onClose={close} />
      <LogoutDialog opened={dialog === 'logout'} onClose={close} />
      {dialog === 'profile' && me && (
        <Suspense fallback={null}>
          <EditProfileModal me={me} onClose={close} />
        </Suspense>
      )}
    </AppShell.Header>
  )
}
