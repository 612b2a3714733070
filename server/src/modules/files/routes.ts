import { fileEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { contentTypeForKey } from '../../platform/file-types.ts'
import { type App, serve } from '../../platform/http.ts'
import { isWellFormedKey } from '../../platform/storage.ts'

/** GET /get-presigned-url: signs a key only for a caller who may read the record that owns it. */
export async function presignRoutes(app: App, deps: Deps) {
  serve(app, fileEndpoints.presignedUrl, async (req) => {
    const { query } = req
    const granted = isWellFormedKey(query.key)
      ? await deps.fileAccess.check(req.ctx, query.bucketType, query.key)
      : null
    if (!granted) throw notFound('File not found.')
    return { url: deps.urls.sign(query.key, { download: query.download, fileName: granted.fileName }) }
  })
}

/** GET /files/<key>: the signed URL itself; the signature is the only credential. */
export async function signedFileRoutes(app: App, deps: Deps) {
  app.get<{ Params: { '*': string }; Querystring: Record<string, string> }>(
    '/files/*',
    async (req, reply) => {
      const key = req.params['*']
      if (!isWellFormedKey(key) || !deps.urls.verify(key, req.query))
        throw notFound('This link has expired or is not valid.')
      const disposition = req.query.download === '1' ? 'attachment' : 'inline'
      const name = req.query.name || key.split('/').pop()!
      const dispositionHeader = `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`
      if (deps.storage.downloadUrl) {
        // Straight from the object store, on a link that lives minutes (docs/scaling.md).
        const url = await deps.storage.downloadUrl(key, {
          contentType: contentTypeForKey(key),
          disposition: dispositionHeader,
        })
        return reply.header('cache-control', 'no-store').redirect(url, 302)
      }
      const file = await deps.storage.read(key)
      if (!file) throw notFound('File not found.')
      reply
        .header('content-type', contentTypeForKey(key))
        .header('content-length', file.size)
        .header('content-disposition', dispositionHeader)
        .header('cache-control', 'private, max-age=600')
        // Uploaded content is never run as part of the app.
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
      return reply.send(file.stream)
    },
  )
}
