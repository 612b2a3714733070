import type { AdminUser } from '@daftar/domain'
import { Badge, Paper, Switch, Table, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { ScrollTable } from '../../ui/ScrollTable'
import { adminApi, type Settings, settingsQuery } from './api.ts'

type Row = Settings['users'][number]
type Change = Partial<Pick<AdminUser, 'isadmin' | 'is_accountant' | 'is_active'>>

export function UsersSection({ users, currentUserId }: { users: Row[]; currentUserId: string }) {
  const queryClient = useQueryClient()
  const [deactivating, setDeactivating] = useState<Row | null>(null)
  const update = useMutation({
    mutationFn: ({ user, change }: { user: Row; change: Change }) =>
      adminApi.updateUser(user.user_id, change, user.version),
    onSuccess: (res) => {
      notifySuccess(res.message)
      setDeactivating(null)
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to update the user.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
  })
  const busyFor = (user: Row) => update.isPending && update.variables?.user.user_id === user.user_id

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="users-heading">
      <Title order={4} id="users-heading">
        Users
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Admins approve requests and manage settings; accountants work in Accounts. A deactivated user is
        signed out everywhere at once and cannot sign in.
      </Text>
      <ScrollTable minWidth={760} label="Users">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Sign-in</Table.Th>
              <Table.Th>Admin</Table.Th>
              <Table.Th>Accountant</Table.Th>
              <Table.Th>Active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => {
              const self = user.user_id === currentUserId
              const busy = busyFor(user)
              return (
                <Table.Tr
                  key={user.user_id}
                  opacity={user.is_active ? 1 : 0.6}
                  data-testid={`user-row-${user.username}`}
                >
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {user.full_name}{' '}
                      {self && (
                        <Badge size="xs" variant="light">
                          You
                        </Badge>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      @{user.username}
                      {user.designation ? ` · ${user.designation}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.email ?? 'N/A'}</Text>
                    <Text size="xs" c="dimmed">
                      {user.mobile ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Admin: ${user.full_name}`}
                      checked={user.isadmin}
                      disabled={self || busy}
                      onChange={(e) => update.mutate({ user, change: { isadmin: e.currentTarget.checked } })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Accountant: ${user.full_name}`}
                      checked={user.is_accountant}
                      disabled={busy}
                      onChange={(e) =>
                        update.mutate({ user, change: { is_accountant: e.currentTarget.checked } })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Active: ${user.full_name}`}
                      checked={user.is_active}
                      disabled={self || busy}
                      onChange={(e) =>
                        e.currentTarget.checked
                          ? update.mutate({ user, change: { is_active: true } })
                          : setDeactivating(user)
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
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
