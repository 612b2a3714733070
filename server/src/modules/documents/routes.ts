import { documentEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, created, serve } from '../../platform/http.ts'
import { keepUploadsOnlyIf, readMultipart } from '../../platform/uploads.ts'
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

  serve(app, documentEndpoints.list, async (req) => listDocuments(deps, req.ctx, req.query))

  serve(app, documentEndpoints.createFolder, async (req, reply) =>
    created(reply, await createFolder(deps, req.ctx, req.body)),
  )

  // Multipart: documentFile and the text fields of uploadDocumentFields.
  serve(app, documentEndpoints.upload, async (req, reply) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      documentFile: DOCUMENT_RULE,
    })
    // Fields refused after the file was stored leave no file behind (docs/security.md, "V5 File handling").
    const result = await keepUploadsOnlyIf(deps.storage, files, () =>
      uploadDocument(deps, req.ctx, parse(documentEndpoints.upload.multipart, fields), files.documentFile),
    )
    return created(reply, result)
  })

  serve(app, documentEndpoints.rename, async (req) =>
    renameDocument(deps, req.ctx, req.params.id, req.body.newName),
  )

  serve(app, documentEndpoints.remove, async (req) =>
    deleteDocument(deps, req.ctx, req.params.id, req.body.password),
  )
}
