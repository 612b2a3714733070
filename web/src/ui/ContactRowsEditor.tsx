import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { FieldErrors } from './form-errors.ts'

export interface ContactRowValues {
  name: string
  phone: string
  email: string
}

export const emptyContact = (): ContactRowValues => ({ name: '', phone: '', email: '' })

/**
 * Contact persons of a record: at least one row always stays; remove is offered only while there is
 * more than one. Blank rows are dropped by the schema on submit.
 */
export function ContactRowsEditor({
  value,
  onChange,
  errors = {},
  path = 'contacts',
}: {
  value: ContactRowValues[]
  onChange: (rows: ContactRowValues[]) => void
  errors?: FieldErrors
  /** Prefix of the rows' error keys ('contacts.0.email'). */
  path?: string
}) {
  const rows = value.length > 0 ? value : [emptyContact()]
  const set = (index: number, field: keyof ContactRowValues, text: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: text } : row)))

  return (
    <Stack gap="sm">
      {rows.map((row, index) => {
        const n = index + 1
        const err = (field: string) => errors[`${path}.${index}.${field}`]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Paper key={index} withBorder p="sm" radius="md" bg="gray.0">
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                Contact {n}
              </Text>
              {rows.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove contact ${n}`}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            <Group grow gap="sm" align="flex-start" preventGrowOverflow={false} wrap="wrap">
              <TextInput
                label="Name"
                aria-label={`Contact ${n} name`}
                value={row.name}
                onChange={(e) => set(index, 'name', e.currentTarget.value)}
                error={err('name')}
                maxLength={120}
                miw={180}
              />
              <TextInput
                label="Phone"
                aria-label={`Contact ${n} phone`}
                type="tel"
                value={row.phone}
                onChange={(e) => set(index, 'phone', e.currentTarget.value)}
                error={err('phone')}
                maxLength={40}
                miw={160}
              />
              <TextInput
                label="Email"
                aria-label={`Contact ${n} email`}
                type="email"
                value={row.email}
                onChange={(e) => set(index, 'email', e.currentTarget.value)}
                error={err('email')}
                maxLength={254}
                miw={200}
              />
            </Group>
          </Paper>
        )
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...rows, emptyContact()])}
        style={{ alignSelf: 'flex-start' }}
      >
        Add contact
      </Button>
    </Stack>
  )
}
