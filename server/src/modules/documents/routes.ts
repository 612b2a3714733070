import {
  createFolderInput,
  deleteDocumentQuery,
  documentCreated,
  documentItem,
  documentListQuery,
  idParams,
  messageResponse,
  renameDocumentInput,
  uploadDocumentFields,
} from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { readMultipart } from '../../platform/uploads.ts'
import { parse } from '../../platform/validation.ts'
import {
  createFolder,
  DOCUMENT_RULE,
  deleteDocument,
  documentFileAccess,
  listDocuments,
  renameDocument,
  uploadDocument,
} from './service.ts'

export async function documentRoutes(app: App, deps: Deps) {
  deps.fileAccess.register('documents', documentFileAccess(deps))

  app.get(
    '/documents',
    { schema: { querystring: documentListQuery, response: { 200: z.array(documentItem) } } },
    async (req) => listDocuments(deps, req.ctx, req.query),
  )

  app.post(
    '/documents',
    { schema: { body: createFolderInput, response: { 201: documentCreated } } },
    async (req, reply) => {
      const result = await createFolder(deps, req.ctx, req.body)
      reply.code(201)
      return result
    },
  )

  // Multipart: documentFile, entityType, entityId and an optional parentFolderId (uploadDocumentFields).
  app.post('/documents/upload', { schema: { response: { 201: documentCreated } } }, async (req, reply) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      documentFile: DOCUMENT_RULE,
    })
    const result = await uploadDocument(
      deps,
      req.ctx,
      parse(uploadDocumentFields, fields),
      files.documentFile,
    )
    reply.code(201)
    return result
  })

  app.put(
    '/documents/:id',
    { schema: { params: idParams, body: renameDocumentInput, response: { 200: messageResponse } } },
    async (req) => renameDocument(deps, req.ctx, req.params.id, req.body.newName),
  )

  app.delete(
    '/documents/:id',
    { schema: { params: idParams, querystring: deleteDocumentQuery, response: { 200: messageResponse } } },
    async (req) => deleteDocument(deps, req.ctx, req.params.id, req.query.password),
  )
}
