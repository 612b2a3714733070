import { type AccessLevel, type EntityType, grantAccessInput } from '@daftar/domain'
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconArrowsExchange, IconUserMinus, IconUserPlus } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../api/client.ts'
import { useMe } from '../api/shared-queries.ts'
import { type AccessEntry, accessApi, accessListQuery, accessMessages } from './access-api.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { useSchemaForm } from './form/use-schema-form.tsx'
import { levelOptions } from './GrantAccessField.tsx'
import { DataTable } from './list/DataTable.tsx'
import { notifyError, notifySuccess } from './notify.ts'
import { UserPicker } from './UserPicker.tsx'

type Pending = { kind: 'level' | 'revoke'; entry: AccessEntry } | null

const other = (level: AccessLevel): AccessLevel => (level === 'READ' ? 'WRITE' : 'READ')

/** The Access tab of every record: who may read or write it; admins grant, change and revoke. */
export function AccessTab({ entityType, entityId }: { entityType: EntityType; entityId: string }) {
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const isAdmin = Boolean(me?.isadmin)
  const list = useQuery(accessListQuery(entityType, entityId))
  const [pending, setPending] = useState<Pending>(null)
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: accessListQuery(entityType, entityId).queryKey })

  const change = useMutation({
    mutationFn: (p: NonNullable<Pending>) =>
      p.kind === 'level'
        ? accessApi.setLevel(p.entry.access_id, other(p.entry.access_level))
        : accessApi.revoke(p.entry.access_id),
    onSuccess: (res, p) => {
      notifySuccess(p.kind === 'level' ? accessMessages.saved : res.message)
      setPending(null)
    },
    onError: (error, p) =>
      notifyError(
        errorMessage(error, p.kind === 'level' ? accessMessages.updateFailed : accessMessages.revokeFailed),
      ),
    onSettled: refresh,
  })

  return (
    <Stack gap="md">
      {isAdmin && (
        <GrantForm
          entityType={entityType}
          entityId={entityId}
          granted={(list.data ?? []).map((e) => e.user_id)}
          onGranted={refresh}
        />
      )}
      <div>
        <Title order={4} fz="md" mb={4}>
          People with access
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Administrators can open every record.{' '}
          {isAdmin ? '' : 'Only administrators can change who has access.'}
        </Text>
        <DataTable<AccessEntry>
          label="People with access"
          minWidth={isAdmin ? 560 : 420}
          rows={list.data}
          rowKey={(e) => e.access_id}
          loading={list.isPending}
          loadingText="Loading access list..."
          error={
            list.isError ? `Error loading access list: ${errorMessage(list.error, 'Unknown error')}` : null
          }
          emptyText="No users have been granted access yet."
          columns={[
            {
              key: 'user',
              header: 'User',
              render: (e) => (
                <div>
                  <Text size="sm" fw={600}>
                    {e.full_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    @{e.username}
                  </Text>
                </div>
              ),
            },
            {
              key: 'level',
              header: 'Access Level',
              phone: 'aside',
              render: (e) => (
                <Badge variant="light" color={e.access_level === 'WRITE' ? 'indigo' : 'gray'}>
                  {e.access_level}
                </Badge>
              ),
            },
            ...(isAdmin
              ? [
                  {
                    key: 'actions',
                    header: 'Actions',
                    align: 'right' as const,
                    phone: 'wide' as const,
                    render: (e: AccessEntry) => (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconArrowsExchange size={14} />}
                          onClick={() => setPending({ kind: 'level', entry: e })}
                          aria-label={`Make ${other(e.access_level)} for ${e.full_name}`}
                        >
                          Make {other(e.access_level)}
                        </Button>
                        <Tooltip label="Revoke access">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Revoke access of ${e.full_name}`}
                            onClick={() => setPending({ kind: 'revoke', entry: e })}
                          >
                            <IconUserMinus size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'revoke' ? 'Revoke access' : 'Change access level'}
        message={
          pending?.kind === 'revoke'
            ? `Revoke ${pending.entry.full_name}'s access? They will no longer see this record.`
            : `Change ${pending?.entry.full_name}'s access from ${pending?.entry.access_level} to ${pending ? other(pending.entry.access_level) : ''}?`
        }
        confirmLabel={pending?.kind === 'revoke' ? 'Revoke' : 'Change'}
        color={pending?.kind === 'revoke' ? 'red' : undefined}
        busy={change.isPending}
        onConfirm={() => pending && change.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </Stack>
  )
}

const grantForm = grantAccessInput.pick({ userId: true, level: true })

/** 'Grant access to': a person and a level, on the one form hook (one grant however fast the clicks). */
function GrantForm(props: {
  entityType: EntityType
  entityId: string
  granted: string[]
  onGranted: () => void
}) {
  const f = useSchemaForm({
    schema: grantForm,
    initialValues: { userId: null as string | null, level: 'READ' as AccessLevel },
    submit: ({ userId, level }) =>
      accessApi.grant({ userId, entityType: props.entityType, entityId: props.entityId, level }),
    failed: accessMessages.grantFailed,
    successText: () => accessMessages.saved,
    onSuccess: () => {
      f.form.reset()
      props.onGranted()
    },
    guard: false,
    validateInputOnBlur: false,
  })
  const user = f.form.getInputProps('userId')
  return (
    <Paper withBorder radius="md" p="md">
      <form {...f.formProps}>
        <Group align="flex-end" gap="sm">
          <UserPicker
            label="Grant access to"
            grow
            value={f.form.getValues().userId}
            exclude={props.granted}
            error={user.error}
            onChange={(id) => f.form.setFieldValue('userId', id)}
          />
          <SegmentedControl
            data={levelOptions}
            value={f.form.getValues().level}
            onChange={(v) => f.form.setFieldValue('level', v as AccessLevel)}
            aria-label="Access level"
          />
          <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={f.busy}>
            Grant Access
          </Button>
        </Group>
      </form>
    </Paper>
  )
}
