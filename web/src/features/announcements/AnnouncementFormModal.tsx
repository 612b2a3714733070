import {
  type Announcement,
  announcementCreateInput,
  announcementEndpoints,
  announcementUpdateInput,
  announcementMessages as messages,
} from '@daftar/domain/announcements'
import { MultiSelect, SegmentedControl, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { call, describeFailure } from '../../api/client.ts'
import { useMe, usersQuery } from '../../api/shared-queries.ts'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea, CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { userLabel } from '../../ui/UserPicker.tsx'
import { announcementsKey } from './api.ts'

const blank = {
  title: '',
  content: '',
  is_public: true,
  accessPermissions: [] as { user_id: string; level: 'READ' }[],
}

/** New Announcement (visibility chosen here, once) and edit (title and content only). */
export function AnnouncementFormModal({
  editing,
  onClose,
}: {
  editing: Announcement | null
  onClose: () => void
}) {
  const { data: me } = useMe()
  const users = useQuery({ ...usersQuery, enabled: !editing })
  const f = useSchemaForm({
    schema: editing ? announcementUpdateInput : announcementCreateInput,
    initialValues: editing ? { ...blank, title: editing.title, content: editing.content } : blank,
    submit: (parsed, _values, requestKey) =>
      editing
        ? call(announcementEndpoints.update, {
            params: { id: editing.announcement_id },
            body: { title: parsed.title, content: parsed.content },
            ifMatch: editing.version,
          })
        : call(announcementEndpoints.create, { body: parsed as typeof blank, idempotencyKey: requestKey }),
    failed: editing ? messages.updateFailed : messages.createFailed,
    describeFailure: (error) =>
      describeFailure(
        error,
        editing ? messages.modalUpdateFailed : messages.modalCreateFailed,
        messages.unexpected,
      ),
    successText: (answer) => (editing ? answer.message : messages.created),
    invalidate: [announcementsKey],
    onSuccess: onClose,
  })
  const { values } = f.form
  return (
    <ModalForm
      f={f}
      onClose={onClose}
      title={editing ? 'Edit Announcement' : 'New Announcement'}
      size="lg"
      submit={{ submitLabel: editing ? 'Save Changes' : 'Publish' }}
    >
      <CountedTextInput
        label="Title"
        required
        maxLength={200}
        data-autofocus
        {...f.form.getInputProps('title')}
      />
      <CountedTextarea
        label="Content"
        required
        autosize
        minRows={5}
        maxLength={20000}
        {...f.form.getInputProps('content')}
      />
      {!editing && (
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Who sees it"
            data={[
              { value: 'everyone', label: 'Everyone' },
              { value: 'selected', label: 'Selected users' },
            ]}
            value={values.is_public ? 'everyone' : 'selected'}
            onChange={(v) => f.form.setFieldValue('is_public', v === 'everyone')}
          />
          {!values.is_public && (
            <MultiSelect
              label="Show to"
              placeholder={users.isPending ? 'Loading users...' : 'Search by name or username'}
              data={(users.data ?? [])
                .filter((u) => u.user_id !== me?.user_id)
                .map((u) => ({ value: u.user_id, label: userLabel(u) }))}
              value={values.accessPermissions.map((p) => p.user_id)}
              onChange={(ids) =>
                f.form.setFieldValue(
                  'accessPermissions',
                  ids.map((user_id) => ({ user_id, level: 'READ' as const })),
                )
              }
              error={f.form.errors.accessPermissions}
              searchable
              clearable
              comboboxProps={{ zIndex: 400 }}
            />
          )}
        </Stack>
      )}
    </ModalForm>
  )
}
