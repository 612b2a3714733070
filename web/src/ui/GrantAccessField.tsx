import type { AccessLevel, AccessPermissions } from '@daftar/domain'
import { ActionIcon, Fieldset, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useMe, usersQuery } from '../api/shared-queries.ts'
import { UserPicker, userLabel } from './UserPicker.tsx'

export const levelOptions = [
  { value: 'READ', label: 'Read' },
  { value: 'WRITE', label: 'Write' },
]

/**
 * 'Grant Access (Optional)' of create forms: users picked here get READ (or WRITE when switched) on the
 * new record; sent as accessPermissions [{user_id, level}].
 */
export function GrantAccessField({
  value,
  onChange,
}: {
  value: AccessPermissions
  onChange: (value: AccessPermissions) => void
}) {
  const { data: me } = useMe()
  const users = useQuery(usersQuery)
  const [picking, setPicking] = useState<string | null>(null)
  const nameOf = (id: string) => {
    const user = users.data?.find((u) => u.user_id === id)
    return user ? userLabel(user) : 'Unknown user'
  }
  const setLevel = (id: string, level: AccessLevel) =>
    onChange(value.map((p) => (p.user_id === id ? { ...p, level } : p)))

  return (
    <Fieldset
      legend="Grant Access (Optional)"
      radius="md"
      styles={{ legend: { fontWeight: 650, padding: '0 6px' } }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          People added here can open the record once it exists. Read lets them view and download; Write also
          lets them upload and edit.
        </Text>
        <UserPicker
          label="Add a user"
          value={picking}
          exclude={[...value.map((p) => p.user_id), ...(me ? [me.user_id] : [])]}
          onChange={(id) => {
            setPicking(null)
            if (id) onChange([...value, { user_id: id, level: 'READ' }])
          }}
        />
        {value.length > 0 && (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users to grant">
            {value.map((p) => (
              <Group key={p.user_id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {nameOf(p.user_id)}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <SegmentedControl
                    size="xs"
                    data={levelOptions}
                    value={p.level}
                    onChange={(level) => setLevel(p.user_id, level as AccessLevel)}
                    aria-label={`Access level for ${nameOf(p.user_id)}`}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${nameOf(p.user_id)}`}
                    onClick={() => onChange(value.filter((x) => x.user_id !== p.user_id))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Fieldset>
  )
}
