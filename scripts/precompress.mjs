// Brotli and gzip twins of every compressible file of a built directory, written once at build time so
// that the server (@fastify/static with preCompressed) sends them without compressing per request.
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Files worth compressing; woff2 fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|ico)$/
/** Below this a compressed twin saves less than its own headers cost. */
const MIN_BYTES = 1024

export function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    if (file.includes(`${path.sep}.vite${path.sep}`)) continue
    const data = fs.readFileSync(file)
    if (data.length < MIN_BYTES) continue
    fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    )
  }
}
