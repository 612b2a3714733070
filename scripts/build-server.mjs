#!/usr/bin/env node
// `npm run build` (with the web app): the server compiled once to JavaScript in server/dist, so that
// `npm start` runs it without compiling TypeScript at every start (docs/decisions.md, "A compiled
// server"). One ESM bundle per entry of our own code and the domain; packages stay in node_modules.
// The embedded database's worker and the migrations sit beside the bundle, where the code looks for
// them (next to itself, as in server/src). `npm run dev` keeps running the sources with tsx.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { writeServerBuildStamp } from './build-stamps.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'server/dist')
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))
const packages = ['server/package.json', 'domain/package.json'].flatMap((file) => {
  const { dependencies = {}, devDependencies = {} } = readJson(file)
  return Object.keys({ ...dependencies, ...devDependencies }).filter((name) => !name.startsWith('@daftar/'))
})

fs.rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: {
    main: path.join(root, 'server/src/main.ts'),
    cli: path.join(root, 'server/src/cli.ts'),
    // Loaded by the PDF worker thread (server/src/modules/accounts/pdf-renderer.ts).
    'invoice-pdf': path.join(root, 'server/src/modules/accounts/pdf.ts'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Packages load from node_modules as they do under tsx (some read their own files at run time).
  external: packages.flatMap((name) => [name, `${name}/*`]),
  sourcemap: 'linked',
  logLevel: 'warning',
  // ESM output: `require` for the packages that still use it (none of ours does).
  banner: {
    js: "import { createRequire as __daftarRequire } from 'node:module'; const require = __daftarRequire(import.meta.url);",
  },
})
fs.copyFileSync(path.join(root, 'server/src/db/embedded-worker.mjs'), path.join(out, 'embedded-worker.mjs'))
fs.copyFileSync(
  path.join(root, 'server/src/modules/accounts/pdf-worker.mjs'),
  path.join(out, 'pdf-worker.mjs'),
)
fs.cpSync(path.join(root, 'server/src/db/migrations'), path.join(out, 'migrations'), { recursive: true })
writeServerBuildStamp(root)
