import { IMPORT_MAX_BYTES, importEndpoints, importFields, importMessages } from '@daftar/domain'
import type { FastifyRequest } from 'fastify'
import { requireAdmin } from '../../platform/auth-guard.ts'
import type { Deps } from '../../platform/deps.ts'
import { badRequest, tooLarge, unprocessable } from '../../platform/errors.ts'
import { type App, serve } from '../../platform/http.ts'
import { hasControlCharacters } from '../../platform/input-guard.ts'
import { validationMessage } from '../../platform/validation.ts'
import { runImport } from './service.ts'
import { importTemplate } from './template.ts'

export async function importRoutes(app: App, deps: Deps) {
  serve(app, importEndpoints.run, async (req) => {
    requireAdmin(req.ctx)
    const { fields, file } = await readUpload(req)
    const parsed = importFields.safeParse(fields)
    if (!parsed.success) throw badRequest(validationMessage(parsed.error.issues))
    return runImport(deps, req.ctx, req.params.register, {
      bytes: file.bytes,
      fileName: file.name,
      dryRun: parsed.data.dry_run === 'true',
      duplicates: parsed.data.duplicates,
      mapping: mappingOf(parsed.data.mapping),
    })
  })

  serve(app, importEndpoints.template, async (req, reply) => {
    requireAdmin(req.ctx)
    const { format } = req.query
    const body = await importTemplate(req.params.register, format)
    return reply
      .header(
        'content-type',
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header(
        'content-disposition',
        `attachment; filename="${req.params.register}-import-template.${format}"`,
      )
      .header('cache-control', 'no-store')
      .send(body)
  })
}

/** The text fields and the one file of the upload, the file held in memory (it is at most 20 MB). */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data body.')
  const fields: Record<string, string> = {}
  let file: { name: string; bytes: Buffer } | undefined
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume()
        throw badRequest(`Unexpected file field ${part.fieldname}.`)
      }
      const bytes = await part.toBuffer()
      file = { name: part.filename ?? '', bytes }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(importMessages.tooLarge)
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('Send one file at a time.')
    throw error
  }
  if (!file) throw badRequest(importMessages.notSpreadsheet)
  if (hasControlCharacters(file.name)) throw unprocessable(importMessages.notSpreadsheet)
  return { fields, file }
}

function mappingOf(text: string | undefined): Record<string, string> {
  if (!text) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest(importMessages.mappingUnknown)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(importMessages.mappingUnknown)
  const entries = Object.entries(value)
  if (entries.some(([, v]) => typeof v !== 'string')) throw badRequest(importMessages.mappingUnknown)
  return Object.fromEntries(entries) as Record<string, string>
}
