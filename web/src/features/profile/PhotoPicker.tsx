import { isAcceptedPhoto, PHOTO_ACCEPTED_TYPES, PHOTO_MIN_CROP, userMessages } from '@daftar/domain/users'
import { Avatar, Box, Button, FileButton, Group, Slider, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconPhotoUp, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import Cropper from 'react-easy-crop'
import { type Me, usePhotoUrl } from '../../api/shared-queries.ts'
import type { PixelArea } from './crop.ts'

/** The photo of a profile edit (docs/product.md, "Sign-in and sessions"): as it was, a new one being cropped, or to be removed. */
export type Photo = { kind: 'unchanged' } | { kind: 'new'; src: string } | { kind: 'remove' }

const minSizeMessage = `The image must be at least ${PHOTO_MIN_CROP} × ${PHOTO_MIN_CROP} pixels.`

/** The avatar with Upload and Remove, or the square crop of a newly chosen photo. */
export function PhotoPicker({
  me,
  name,
  photo,
  busy,
  onChange,
  onCrop,
}: {
  me: Me
  name: string
  photo: Photo
  busy: boolean
  /** The new state of the photo, and what is wrong with the file chosen, if anything. */
  onChange: (photo: Photo, problem?: string) => void
  onCrop: (area: PixelArea) => void
}) {
  const currentPhoto = usePhotoUrl(me.display_photo)
  const choose = (file: File | null) => {
    if (!file) return
    if (!isAcceptedPhoto(file)) return onChange({ kind: 'unchanged' }, userMessages.invalidPhoto)
    onChange({ kind: 'new', src: URL.createObjectURL(file) })
  }
  if (photo.kind === 'new')
    return <PhotoCrop src={photo.src} busy={busy} onChange={onChange} onCrop={onCrop} />
  return (
    <Group>
      <Avatar
        src={photo.kind === 'remove' ? undefined : currentPhoto}
        name={name || me.full_name}
        color="initials"
        size={84}
        radius={84}
      />
      <Stack gap={6}>
        <FileButton onChange={choose} accept={PHOTO_ACCEPTED_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} disabled={busy}>
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
            onClick={() => onChange({ kind: 'remove' })}
            disabled={busy}
          >
            Remove photo
          </Button>
        )}
        {photo.kind === 'remove' && (
          <Text size="xs" c="dimmed">
            The photo will be removed when you save.{' '}
            <UnstyledButton fz="xs" c="indigo" td="underline" onClick={() => onChange({ kind: 'unchanged' })}>
              Undo
            </UnstyledButton>
          </Text>
        )}
      </Stack>
    </Group>
  )
}

/** A square crop whose box never gets smaller than 50 × 50 pixels of the original. */
function PhotoCrop({
  src,
  busy,
  onChange,
  onCrop,
}: {
  src: string
  busy: boolean
  onChange: (photo: Photo, problem?: string) => void
  onCrop: (area: PixelArea) => void
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [maxZoom, setMaxZoom] = useState(3)
  return (
    <Stack gap="xs">
      <Box pos="relative" h={260} style={{ borderRadius: 12, overflow: 'hidden', background: '#222' }}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          maxZoom={maxZoom}
          aspect={1}
          // Square, as the saved photo is.
          cropShape="rect"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onCrop(pixels)}
          onMediaLoaded={({ naturalWidth, naturalHeight }) => {
            const smallest = Math.min(naturalWidth, naturalHeight)
            if (smallest < PHOTO_MIN_CROP) onChange({ kind: 'unchanged' }, minSizeMessage)
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
        <Button variant="subtle" size="xs" onClick={() => onChange({ kind: 'unchanged' })} disabled={busy}>
          Cancel new photo
        </Button>
      </Group>
    </Stack>
  )
}
