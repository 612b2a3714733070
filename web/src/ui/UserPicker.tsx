import type { User } from '@daftar/domain'
import { Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { usersQuery } from '../api/shared-queries.ts'

export interface UserPickerProps {
  label: string
  value: string | null
  onChange: (userId: string | null, user: User | null) => void
  /** Users who may not be picked again (already granted, the caller). */
  exclude?: readonly string[]
  placeholder?: string
  error?: string | null
  disabled?: boolean
  w?: number | string
  /** Grows to fill a row (inside a Group). */
  grow?: boolean
}

export const userLabel = (u: Pick<User, 'full_name' | 'username'>) => `${u.full_name} (@${u.username})`

/** Searchable list of the organisation's active users (GET /users). */
export function UserPicker(props: UserPickerProps) {
  const users = useQuery(usersQuery)
  const excluded = new Set(props.exclude ?? [])
  // Admins see every record already: granting them access means nothing.
  const available = (users.data ?? []).filter((u) => !u.isadmin && !excluded.has(u.user_id))
  return (
    <Select
      label={props.label}
      placeholder={users.isPending ? 'Loading users...' : (props.placeholder ?? 'Search by name or username')}
      data={available.map((u) => ({ value: u.user_id, label: userLabel(u) }))}
      value={props.value}
      onChange={(id) => props.onChange(id, users.data?.find((u) => u.user_id === id) ?? null)}
      searchable
      clearable
      nothingFoundMessage={users.isError ? 'Could not load users.' : 'No more users to add.'}
      error={props.error}
      disabled={props.disabled}
      w={props.w}
      style={props.grow ? { flex: '1 1 240px' } : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
