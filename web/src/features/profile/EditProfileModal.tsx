import { profileUpdateInput, userEndpoints, userMessages } from '@daftar/domain/users'
import { TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { type Me, meQuery, usersQuery } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { FormFailure } from '../../ui/form/FormFailure.tsx'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { cropAndCompress, type PixelArea } from './crop.ts'
import { type Photo, PhotoPicker } from './PhotoPicker.tsx'
import { PROFILE_DRAFT } from './profile-draft.ts'

/** The chosen photo could not be cropped and converted in the browser. */
class PhotoProcessingError extends Error {}

async function processPhoto(src: string, area: PixelArea | null): Promise<File> {
  if (!area) throw new PhotoProcessingError()
  return cropAndCompress(src, area).catch(() => {
    throw new PhotoProcessingError()
  })
}

const profileForm = profileUpdateInput.pick({ full_name: true })

/** The state a save is in (docs/product.md, "Sign-in and sessions"): the photo compressed, then sent. */
type Phase = 'compressing' | 'saving'

/**
 * Full name and display photo (cropped square, converted to WebP in the browser), the designation
 * read only; saving asks 'Save changes to your profile?' first.
 */
export default function EditProfileModal({ me, onClose }: { me: Me; onClose: () => void }) {
  const [photo, setPhoto] = useState<Photo>({ kind: 'unchanged' })
  const [area, setArea] = useState<PixelArea | null>(null)
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [phase, setPhase] = useState<Phase>('saving')
  useEffect(() => () => (photo.kind === 'new' ? URL.revokeObjectURL(photo.src) : undefined), [photo])

  const f = useSchemaForm({
    schema: profileForm,
    initialValues: { full_name: me.full_name },
    submit: async ({ full_name }) => {
      setPhase(photo.kind === 'new' ? 'compressing' : 'saving')
      const file = photo.kind === 'new' ? await processPhoto(photo.src, area) : undefined
      setPhase('saving')
      return call(userEndpoints.updateProfile, {
        params: { id: me.user_id },
        fields: { full_name, remove_display_photo: photo.kind === 'remove' ? 'true' : undefined },
        files: { display_photo: file },
        ifMatch: me.version,
      })
    },
    failed: (error) =>
      error instanceof PhotoProcessingError
        ? userMessages.photoProcessingFailed
        : errorMessage(error, userMessages.profileUpdateFailed),
    toastErrors: false,
    successText: () => userMessages.profileUpdated,
    invalidate: [meQuery.queryKey, usersQuery.queryKey],
    onSuccess: onClose,
    extraDirty: photo.kind !== 'unchanged',
    needsConfirm: () => true,
    draftKey: PROFILE_DRAFT,
  })

  const choosePhoto = (next: Photo, problem: string | null = null) => {
    setPhotoError(problem)
    setPhoto(next)
  }
  return (
    <>
      <ModalForm
        f={f}
        onClose={onClose}
        title="Edit Profile"
        size="md"
        failure={<FormFailure failure={f.failure} refused={photoError} />}
      >
        <PhotoPicker
          me={me}
          name={f.form.values.full_name}
          photo={photo}
          busy={f.busy}
          onChange={choosePhoto}
          onCrop={setArea}
        />
        <CountedTextInput label="Full name" required maxLength={120} {...f.form.getInputProps('full_name')} />
        <TextInput
          label="Designation"
          value={me.designation ?? ''}
          readOnly
          variant="filled"
          description="Designation is set by your organisation."
        />
      </ModalForm>
      <ConfirmDialog
        opened={f.confirming || f.busy}
        title="Edit Profile"
        message={userMessages.saveConfirm}
        confirmLabel="Save"
        busyLabel={phase === 'compressing' ? 'Processing...' : 'Saving...'}
        busy={f.busy}
        onConfirm={f.confirm}
        onCancel={f.cancelConfirm}
      />
    </>
  )
}
