import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest, tooLarge } from './errors.ts'
import { nameMatchesBytes, safeExtension } from './file-types.ts'
import { controlCharactersMessage, hasControlCharacters } from './input-guard.ts'
import { FileTooLargeError, newStorageKey, type Storage, type StoredObject } from './storage.ts'

const messages = {
  truncatedUpload: 'The upload was cut short or is malformed. Please try again.',
  storageFull: 'The server has no space left for files. Please tell your administrator.',
  typeMismatch: (ext: string) => `The file's content is not what its name says (.${ext}).`,
}

export interface UploadedFile extends StoredObject {
  key: string
  fileName: string
}

export interface FileRule {
  /** Storage area, the middle part of the key (e.g. displayPicture). */
  area: string
  maxBytes: number
  tooLargeMessage: string
  /** Said when the name's extension contradicts the bytes; a general message otherwise. */
  typeMessage?: string
}

export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, UploadedFile>
}

/**
 * Reads a multipart request, streaming each expected file straight into storage under a new key.
 * Unexpected files are refused. On any failure every file stored so far is deleted again.
 */
export async function readMultipart(
  request: FastifyRequest,
  storage: Storage,
  orgId: string,
  rules: Record<string, FileRule>,
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body.')
  const body: MultipartBody = { fields: {}, files: {} }
  try {
    for await (const part of request.parts()) {
      if (hasControlCharacters(part.fieldname)) throw badRequest(controlCharactersMessage)
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue
        if (hasControlCharacters(part.value)) throw badRequest(controlCharactersMessage)
        body.fields[part.fieldname] = part.value
        continue
      }
      await storeFile(part, rules, storage, orgId, body)
    }
  } catch (error) {
    await discardUploads(storage, body.files)
    throw asClientError(error)
  }
  return body
}

async function storeFile(
  part: MultipartFile,
  rules: Record<string, FileRule>,
  storage: Storage,
  orgId: string,
  body: MultipartBody,
) {
  const rule = rules[part.fieldname]
  if (!rule || body.files[part.fieldname]) {
    part.file.resume()
    throw badRequest(`Unexpected file field ${part.fieldname}.`)
  }
  if (part.filename && hasControlCharacters(part.filename)) {
    part.file.resume()
    throw badRequest(controlCharactersMessage)
  }
  if (!part.filename) {
    part.file.resume()
    return
  }
  const key = newStorageKey(orgId, rule.area, safeExtension(part.filename))
  try {
    const stored = await storage.put(key, part.file, rule.maxBytes)
    if (stored.size === 0) {
      await storage.delete(key)
      return
    }
    if (!nameMatchesBytes(part.filename, stored.head)) {
      await storage.delete(key)
      throw badRequest(rule.typeMessage ?? messages.typeMismatch(safeExtension(part.filename)))
    }
    body.files[part.fieldname] = { ...stored, key, fileName: part.filename.slice(0, 255) }
  } catch (error) {
    part.file.resume()
    if (error instanceof FileTooLargeError) throw tooLarge(rule.tooLargeMessage)
    if ((error as { code?: string }).code === 'ENOSPC') throw new AppError(507, messages.storageFull)
    throw error
  }
}

/**
 * A body that ends before its closing boundary, or whose part headers are malformed, is the client's
 * doing: busboy's plain errors become 400 (errors that carry a status keep it).
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError || (error as { statusCode?: number }).statusCode) return error
  const text = String((error as Error)?.message)
  if (/Unexpected end of (form|multipart data)|Malformed|boundary|Part terminated early/i.test(text))
    return badRequest(messages.truncatedUpload)
  return error
}

export async function discardUploads(
  storage: Storage,
  files: Record<string, UploadedFile | undefined>,
): Promise<void> {
  await Promise.all(Object.values(files).map((f) => (f ? storage.delete(f.key) : undefined)))
}

/** Runs `work`; if it fails, the uploaded files it was given are deleted before the error goes on. */
export async function keepUploadsOnlyIf<T>(
  storage: Storage,
  files: Record<string, UploadedFile | undefined>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    await discardUploads(storage, files)
    throw error
  }
}
