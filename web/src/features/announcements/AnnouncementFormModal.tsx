import {
  type Announcement,
  announcementMessages,
  announcementUpdateInput,
} from '@daftar/domain/announcements'
import { Alert, Button, Group, Modal, MultiSelect, SegmentedControl, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { describeFailure, errorMessage } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { CountedTextarea, CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { announcementsApi } from './api.ts'

/** New Announcement (visibility chosen here, once) and edit (title and content only). */
export function AnnouncementFormModal({
  editing,
  onClose,
}: {
  editing: Announcement | null
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const users = useQuery({ ...usersQuery, enabled: !editing })
  const [failure, setFailure] = useState<string | null>(null)
  const [audience, setAudience] = useState<'everyone' | 'selected'>('everyone')
  const [userIds, setUserIds] = useState<string[]>([])
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: editing?.title ?? '', content: editing?.content ?? '' },
    validate: schemaResolver(announcementUpdateInput, { sync: true }),
  })
  const save = useMutation({
    mutationFn: (values: { title: string; content: string }) =>
      editing
        ? announcementsApi.update(editing.announcement_id, values, editing.version)
        : announcementsApi.create({ ...values, is_public: audience === 'everyone', userIds }),
    onSuccess: async (res) => {
      notifySuccess(editing ? res.message : announcementMessages.created)
      await queryClient.invalidateQueries({ queryKey: ['announcements'] })
      onClose()
    },
    onError: (error) => {
      notifyError(
        errorMessage(error, editing ? announcementMessages.updateFailed : announcementMessages.createFailed),
      )
      setFailure(
        describeFailure(
          error,
          editing ? 'Failed to update.' : 'Failed to create.',
          'An unexpected error occurred.',
        ),
      )
    },
  })
  const selecting = !editing && audience === 'selected'
  const unsaved = (form.isDirty() || userIds.length > 0) && !save.isPending && !save.isSuccess
  return (
    <>
      <LeaveGuard when={unsaved} />
      <Modal
        opened
        onClose={save.isPending ? () => {} : onClose}
        title={editing ? 'Edit Announcement' : 'New Announcement'}
        size="lg"
        centered
        closeOnClickOutside={false}
      >
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setFailure(null)
            if (selecting && userIds.length === 0) return setFailure(announcementMessages.selectUsers)
            save.mutate(announcementUpdateInput.parse(values))
          })}
        >
          <Stack>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <CountedTextInput
              label="Title"
              required
              maxLength={200}
              data-autofocus
              {...form.getInputProps('title')}
            />
            <CountedTextarea
              label="Content"
              required
              autosize
              minRows={5}
              maxLength={20000}
              {...form.getInputProps('content')}
            />
            {!editing && (
              <Stack gap="xs">
                <SegmentedControl
                  aria-label="Who sees it"
                  data={[
                    { value: 'everyone', label: 'Everyone' },
                    { value: 'selected', label: 'Selected users' },
                  ]}
                  value={audience}
                  onChange={(v) => setAudience(v as 'everyone' | 'selected')}
                />
                {selecting && (
                  <MultiSelect
                    label="Show to"
                    placeholder={users.isPending ? 'Loading users...' : 'Search by name or username'}
                    data={(users.data ?? [])
                      .filter((u) => u.user_id !== me?.user_id)
                      .map((u) => ({ value: u.user_id, label: `${u.full_name} (@${u.username})` }))}
                    value={userIds}
                    onChange={setUserIds}
                    searchable
                    clearable
                    comboboxProps={{ zIndex: 400 }}
                  />
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {editing ? 'Save Changes' : 'Publish'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
