import { z } from 'zod'
import { idToMessage, instant, passwordConfirmation, requiredText } from './contract.ts'
import { endpoint } from './http.ts'
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
  folderName: requiredText(documentMessages.folderNameRequired, 255),
  isFolder: z.literal(true).default(true),
})

export const uploadDocumentFields = z.object({
  entityType: z.enum(entityTypes),
  entityId: uuid,
  parentFolderId: optionalFolder,
})

export const renameDocumentInput = z.object({
  newName: requiredText(documentMessages.nameRequired, 255),
})

export const deleteDocumentInput = passwordConfirmation(documentMessages.passwordRequired)

/** A file or folder of a record's documents (docs/product.md, "Access lists and documents"). */
export const documentItem = z.object({
  document_id: z.string(),
  name: z.string(),
  is_folder: z.boolean(),
  s3_key: z.string().nullable(),
  file_size: z.number().nullable(),
  created_at: instant,
  updated_at: instant,
  created_by_username: z.string().nullable(),
  created_by_fullname: z.string().nullable(),
  updated_by_username: z.string().nullable(),
  updated_by_fullname: z.string().nullable(),
})
export type DocumentItem = z.infer<typeof documentItem>

/** Creating a folder or uploading a file answers with the new item's id. */
export const documentCreated = z.object({ message: z.string(), document_id: z.string() })

/** The documents of every register record (docs/product.md, "Access lists and documents"). */
export const documentEndpoints = {
  list: endpoint('GET', '/documents', {
    querystring: documentListQuery,
    response: { 200: z.array(documentItem) },
  }),
  /**
   * A repeat of the same folder by the same user within a few seconds (a double click, a retry) answers
   * with the folder already made.
   */
  createFolder: endpoint('POST', '/documents', {
    body: createFolderInput,
    response: { 201: documentCreated },
  }),
  /** Multipart: the fields below and the file as `documentFile`. */
  upload: endpoint(
    'POST',
    '/documents/upload',
    { response: { 201: documentCreated } },
    { multipart: uploadDocumentFields, files: ['documentFile'] },
  ),
  rename: endpoint('PUT', '/documents/:id', { ...idToMessage, body: renameDocumentInput }),
  remove: endpoint('DELETE', '/documents/:id', { ...idToMessage, body: deleteDocumentInput }),
}
