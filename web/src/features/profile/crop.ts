import { PHOTO_COMPRESSED_MAX_MB, PHOTO_MAX_DIMENSION } from '@daftar/domain/users'
import imageCompression from 'browser-image-compression'

export interface PixelArea {
  x: number
  y: number
  width: number
  height: number
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('Image could not be read'))
    image.src = src
  })
}

/** Crops the chosen square and compresses it to WebP, at most 0.5 MB and 512 px (docs/product.md, "Sign-in and sessions"). */
export async function cropAndCompress(src: string, area: PixelArea): Promise<File> {
  const image = await loadImage(src)
  const side = Math.min(Math.round(area.width), 2048)
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const context = canvas.getContext('2d')
  if (!context) throw new Error('Canvas is not available')
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side)
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Crop failed'))), 'image/png'),
  )
  const cropped = new File([blob], 'photo.png', { type: 'image/png' })
  const compressed = await imageCompression(cropped, {
    maxSizeMB: PHOTO_COMPRESSED_MAX_MB,
    maxWidthOrHeight: PHOTO_MAX_DIMENSION,
    fileType: 'image/webp',
    // The worker build loads its script from a CDN, which the app's Content-Security-Policy forbids.
    useWebWorker: false,
  })
  return new File([compressed], 'photo.webp', { type: 'image/webp' })
}
