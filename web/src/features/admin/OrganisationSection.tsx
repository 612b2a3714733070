import { Badge, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../../api/client.ts'
import { meQuery } from '../../api/shared-queries.ts'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { adminApi, type Settings, settingsQuery } from './api.ts'
import { InvoiceDetailsForm } from './InvoiceDetailsForm.tsx'

export function OrganisationSection({ organisation }: { organisation: Settings['organisation'] }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(organisation.name)
  const save = useMutation({
    mutationFn: () => adminApi.renameOrganisation(name.trim(), organisation.version),
    onSuccess: async (res) => {
      notifySuccess(res.message)
      await queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey })
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to update the organisation.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) save.mutate()
  }
  const unsaved = name !== organisation.name && !save.isPending
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="org-heading">
      <LeaveGuard when={unsaved} />
      <Group justify="space-between" mb="md">
        <Title order={4} id="org-heading">
          Organisation
        </Title>
        <Badge variant="light" size="lg">
          {organisation.userCount} of {organisation.userLimit ?? 'unlimited'} login accounts in use
        </Badge>
      </Group>
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label="Organisation name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={name.trim() ? undefined : 'Organisation name is required.'}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!name.trim() || name.trim() === organisation.name}
          >
            Save
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed" mt="xs">
        The user limit is set by your provider.
      </Text>
      <InvoiceDetailsForm organisation={organisation} key={organisation.version} />
    </Paper>
  )
}
