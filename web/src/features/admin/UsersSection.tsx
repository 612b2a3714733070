import {
  type AdminUser,
  type AdminUserUpdate,
  adminUserListQuery,
  adminUserUpdateInput,
  selfLockedFlags,
} from '@daftar/domain/users'
import { Badge, Paper, Switch, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { meQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import { ListToolbar, SearchBox } from '../../ui/list/ListToolbar.tsx'
import { useListState } from '../../ui/list/use-list-state.ts'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { adminApi, adminUsersKey, adminUsersQuery, settingsQuery } from './api.ts'

type Flag = keyof AdminUserUpdate

/** A user's flag as a switch: on at once when switched, except a deactivation, which asks first. */
const flags: { flag: Flag; label: string }[] = [
  { flag: 'isadmin', label: 'Admin' },
  { flag: 'is_accountant', label: 'Accountant' },
  { flag: 'is_active', label: 'Active' },
]

/** The users of the organisation, 20 a page, with their admin and accountant flags and active state. */
export function UsersSection({ currentUserId }: { currentUserId: string }) {
  const list = useListState(adminUserListQuery)
  const users = useQuery(adminUsersQuery(list.state))
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null)
  const update = useAccessChange(() => setDeactivating(null))
  const busyFor = (user: AdminUser) => update.isPending && update.variables?.user.user_id === user.user_id

  const flagColumn = ({ flag, label }: (typeof flags)[number]): Column<AdminUser> => ({
    key: flag,
    header: label,
    label,
    render: (user) => (
      <Switch
        aria-label={`${label}: ${user.full_name}`}
        checked={user[flag]}
        // An admin cannot take their own admin right or active state (the server refuses it too).
        disabled={busyFor(user) || (user.user_id === currentUserId && selfLocked(flag))}
        onChange={(e) => {
          const change = { [flag]: e.currentTarget.checked }
          if (flag === 'is_active' && !e.currentTarget.checked) setDeactivating(user)
          else update.mutate({ user, change })
        }}
      />
    ),
  })
  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: 'Name',
      phone: 'title',
      render: (user) => <NameCell user={user} self={user.user_id === currentUserId} />,
    },
    {
      key: 'sign-in',
      header: 'Sign-in',
      // A whole line of a phone card: an address is not broken in the middle.
      phone: 'wide',
      render: (user) => (
        <>
          <Text size="sm">{user.email ?? 'N/A'}</Text>
          <Text size="xs" c="dimmed">
            {user.mobile ?? ''}
          </Text>
        </>
      ),
    },
    ...flags.map(flagColumn),
  ]

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="users-heading">
      <Title order={4} id="users-heading">
        Users
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Admins approve requests and manage settings; accountants work in Accounts. A deactivated user is
        signed out everywhere at once and cannot sign in.
      </Text>
      <ListToolbar>
        <SearchBox
          value={list.state.searchQuery}
          onSearch={(searchQuery) => list.set({ searchQuery })}
          placeholder="Name, username, email, mobile"
          label="Search users"
        />
      </ListToolbar>
      <DataTable
        label="Users"
        columns={columns}
        rows={users.data?.users}
        rowKey={(user) => user.user_id}
        loading={users.isPending}
        loadingText="Loading users..."
        error={users.isError ? `Error: ${errorMessage(users.error, 'Could not load users.')}` : null}
        emptyText={list.filtered ? 'No users match your search.' : 'No users yet.'}
        stale={users.isPlaceholderData}
        minWidth={760}
        pager={list.pager(users.data?.totalPages, { onlyWhenPaged: true })}
      />
      <ConfirmDialog
        opened={deactivating !== null}
        title="Deactivate user"
        message={`Deactivate ${deactivating?.full_name}? They are signed out of every device at once and cannot sign in until reactivated.`}
        confirmLabel="Deactivate"
        color="red"
        busy={update.isPending}
        onConfirm={() => deactivating && update.mutate({ user: deactivating, change: { is_active: false } })}
        onCancel={() => setDeactivating(null)}
      />
    </Paper>
  )
}

const selfLocked = (flag: Flag) => (selfLockedFlags as readonly Flag[]).includes(flag)

function NameCell({ user, self }: { user: AdminUser; self: boolean }) {
  return (
    <div style={{ opacity: user.is_active ? 1 : 0.6 }}>
      <Text fw={600} size="sm" component="span">
        {user.full_name}{' '}
        {self && (
          <Badge size="xs" variant="light">
            You
          </Badge>
        )}
        {!user.is_active && (
          <Badge size="xs" variant="light" color="gray">
            Deactivated
          </Badge>
        )}
      </Text>
      <Text size="xs" c="dimmed">
        @{user.username}
        {user.designation ? ` · ${user.designation}` : ''}
      </Text>
    </div>
  )
}

/** One flag change, checked by the request's schema; the list, the user count and one's own menu follow. */
function useAccessChange(onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ user, change }: { user: AdminUser; change: AdminUserUpdate }) =>
      adminApi.updateUser(user.user_id, adminUserUpdateInput.parse(change), user.version),
    onSuccess: (answer) => {
      notifySuccess(answer.message)
      onDone()
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to update the user.')),
    onSettled: () =>
      Promise.all(
        [adminUsersKey, settingsQuery.queryKey, meQuery.queryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
}
