import { z } from 'zod'
import { entityTypes } from './registers.ts'

export const documentMessages = {
  folderNameRequired: 'Folder name cannot be empty.',
  nameRequired: 'Name cannot be empty.',
  sameName: 'Enter a different name.',
  passwordRequired: 'Password is required to confirm deletion.',
  wrongPassword: 'Incorrect password.',
  notFound: 'Document not found.',
  folderNotFound: 'Folder not found.',
  folderCreated: 'Folder created successfully',
  fileUploaded: 'File uploaded successfully',
  renamed: 'Item renamed successfully',
  deleted: 'Item deleted successfully',
  emptyFolder: 'This folder is empty.',
  fileRequired: 'Choose a file to upload.',
} as const

const uuid = z.string().uuid('Invalid id.')
const optionalFolder = z
  .string()
  .nullish()
  .transform((v) => (v && v !== 'null' && v !== 'root' ? v : null))
  .pipe(uuid.nullable())

export const documentListQuery = z.object({
  entityType: z.enum(entityTypes),
  entityId: uuid,
  parentFolderId: optionalFolder,
})

export const createFolderInput = z.object({
  entityType: z.enum(entityTypes),
  entityId: uuid,
  parentFolderId: optionalFolder,
  folderName: z
    .string({ error: documentMessages.folderNameRequired })
    .trim()
    .min(1, documentMessages.folderNameRequired)
    .max(255),
  isFolder: z.literal(true).default(true),
})

export const uploadDocumentFields = z.object({
  entityType: z.enum(entityTypes),
  entityId: uuid,
  parentFolderId: optionalFolder,
})

export const renameDocumentInput = z.object({
  newName: z
    .string({ error: documentMessages.nameRequired })
    .trim()
    .min(1, documentMessages.nameRequired)
    .max(255),
})

export const deleteDocumentQuery = z.object({
  password: z
    .string({ error: documentMessages.passwordRequired })
    .min(1, documentMessages.passwordRequired)
    .max(128),
})

export interface DocumentItem {
  document_id: string
  name: string
  is_folder: boolean
  s3_key: string | null
  file_size: number | null
  created_at: string
  updated_at: string
  created_by_username: string | null
  created_by_fullname: string | null
  updated_by_username: string | null
  updated_by_fullname: string | null
}
