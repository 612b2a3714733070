import {
  createFolderInput,
  deleteDocumentQuery,
  documentListQuery,
  renameDocumentInput,
  uploadDocumentFields,
} from '@daftar/domain'
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../platform/deps.ts'
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

type IdParams = { Params: { id: string } }

export async function documentRoutes(app: FastifyInstance, deps: Deps) {
  deps.fileAccess.register('documents', documentFileAccess(deps))

  app.get('/documents', async (req) => listDocuments(deps, req.ctx, parse(documentListQuery, req.query)))

  app.post('/documents', async (req, reply) => {
    const result = await createFolder(deps, req.ctx, parse(createFolderInput, req.body))
    reply.code(201)
    return result
  })

  app.post('/documents/upload', async (req, reply) => {
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

  app.put<IdParams>('/documents/:id', async (req) =>
    renameDocument(deps, req.ctx, req.params.id, parse(renameDocumentInput, req.body).newName),
  )

  app.delete<IdParams>('/documents/:id', async (req) =>
    deleteDocument(deps, req.ctx, req.params.id, parse(deleteDocumentQuery, req.query).password),
  )
}
