import { isAcceptedPhoto, PHOTO_ACCEPTED_TYPES, PHOTO_MIN_CROP, userMessages } from '@daftar/domain/users'
import {
  Alert,
  Avatar,
  Box,
  Button,
  FileButton,
  Group,
  Modal,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconPhotoUp, IconTrash } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import Cropper from 'react-easy-crop'
import { errorMessage } from '../../api/client.ts'
import { type Me, meQuery, usePhotoUrl } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { notifySuccess } from '../../ui/notify.ts'
import { CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { profileApi } from './api.ts'
import { cropAndCompress, type PixelArea } from './crop.ts'

type Photo = { kind: 'unchanged' } | { kind: 'new'; src: string } | { kind: 'remove' }
type Phase = 'idle' | 'compressing' | 'saving'

export default function EditProfileModal({ me, onClose }: { me: Me; onClose: () => void }) {
  const queryClient = useQueryClient()
  const currentPhoto = usePhotoUrl(me.display_photo)
  const [fullName, setFullName] = useState(me.full_name)
  const [photo, setPhoto] = useState<Photo>({ kind: 'unchanged' })
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [maxZoom, setMaxZoom] = useState(3)
  const [area, setArea] = useState<PixelArea | null>(null)
  const [phase, setPhase] = useState<Phase>('idle')
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  useEffect(() => () => (photo.kind === 'new' ? URL.revokeObjectURL(photo.src) : undefined), [photo])

  function choose(file: File | null) {
    setError(null)
    if (!file) return
    if (!isAcceptedPhoto(file)) return setError(userMessages.invalidPhoto)
    setPhoto({ kind: 'new', src: URL.createObjectURL(file) })
    setZoom(1)
    setCrop({ x: 0, y: 0 })
  }

  async function save() {
    setError(null)
    const form = new FormData()
    form.set('full_name', fullName.trim())
    try {
      if (photo.kind === 'new') {
        if (!area) return
        setPhase('compressing')
        try {
          form.set('display_photo', await cropAndCompress(photo.src, area))
        } catch {
          setPhase('idle')
          setConfirming(false)
          return setError(userMessages.photoProcessingFailed)
        }
      }
      if (photo.kind === 'remove') form.set('remove_display_photo', 'true')
      setPhase('saving')
      await profileApi.update(me.user_id, form, me.version)
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] })
      notifySuccess(userMessages.profileUpdated)
      onClose()
    } catch (err) {
      setError(errorMessage(err, userMessages.profileUpdateFailed))
      setPhase('idle')
      setConfirming(false)
    }
  }

  const busy = phase !== 'idle'
  const shownPhoto = photo.kind === 'remove' ? undefined : currentPhoto
  const nameMissing = !fullName.trim()

  const unsaved = (fullName !== me.full_name || photo.kind !== 'unchanged') && !busy
  return (
    <>
      <LeaveGuard when={unsaved} />
      <Modal opened onClose={busy ? () => {} : onClose} title="Edit Profile" centered size="md">
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {photo.kind === 'new' ? (
            <Stack gap="xs">
              <Box
                pos="relative"
                h={260}
                style={{ borderRadius: 12, overflow: 'hidden', background: '#222' }}
              >
                <Cropper
                  image={photo.src}
                  crop={crop}
                  zoom={zoom}
                  maxZoom={maxZoom}
                  aspect={1}
                  // Square, as the saved photo is (issue 10, defect 15).
                  cropShape="rect"
                  showGrid={false}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_, pixels) => setArea(pixels)}
                  onMediaLoaded={({ naturalWidth, naturalHeight }) => {
                    const smallest = Math.min(naturalWidth, naturalHeight)
                    if (smallest < PHOTO_MIN_CROP) {
                      setPhoto({ kind: 'unchanged' })
                      setError(`The image must be at least ${PHOTO_MIN_CROP} × ${PHOTO_MIN_CROP} pixels.`)
                    }
                    // The crop box never gets smaller than 50 × 50 pixels of the original.
                    setMaxZoom(Math.max(1, Math.min(5, smallest / PHOTO_MIN_CROP)))
                  }}
                />
              </Box>
              <Slider
                thumbLabel="Zoom"
                min={1}
                max={maxZoom}
                step={0.01}
                value={zoom}
                onChange={setZoom}
                label={null}
              />
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  Drag to position, slide to zoom.
                </Text>
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setPhoto({ kind: 'unchanged' })}
                  disabled={busy}
                >
                  Cancel new photo
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Avatar
                src={shownPhoto}
                name={fullName || me.full_name}
                color="initials"
                size={84}
                radius={84}
              />
              <Stack gap={6}>
                <FileButton onChange={choose} accept={PHOTO_ACCEPTED_TYPES.join(',')}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconPhotoUp size={16} />}
                      disabled={busy}
                    >
                      Upload photo
                    </Button>
                  )}
                </FileButton>
                {me.display_photo && photo.kind !== 'remove' && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setPhoto({ kind: 'remove' })}
                    disabled={busy}
                  >
                    Remove photo
                  </Button>
                )}
                {photo.kind === 'remove' && (
                  <Text size="xs" c="dimmed">
                    The photo will be removed when you save.{' '}
                    <Text
                      span
                      size="xs"
                      c="indigo"
                      style={{ cursor: 'pointer' }}
                      onClick={() => setPhoto({ kind: 'unchanged' })}
                    >
                      Undo
                    </Text>
                  </Text>
                )}
              </Stack>
            </Group>
          )}
          <CountedTextInput
            label="Full name"
            value={fullName}
            onChange={(e) => setFullName(e.currentTarget.value)}
            error={nameMissing ? userMessages.fullNameRequired : undefined}
            required
            maxLength={120}
          />
          <TextInput
            label="Designation"
            value={me.designation ?? ''}
            readOnly
            variant="filled"
            description="Designation is set by your organisation."
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => setConfirming(true)} disabled={busy || nameMissing}>
              Save
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title="Edit Profile"
        message={userMessages.saveConfirm}
        confirmLabel="Save"
        busyLabel={phase === 'compressing' ? 'Processing...' : 'Saving...'}
        busy={busy}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
