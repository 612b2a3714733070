import path from 'node:path'
// @ts-expect-error a plain script of the repo, without types
import { compiledServer } from '../../scripts/server-entry.mjs'

export const root = path.resolve(import.meta.dirname, '../..')

/**
 * The compiled server's entry points, as `npm start` and the provider CLI run them: the tests that start
 * a server process run these rather than the sources through tsx, which spent seconds of a CI core
 * compiling TypeScript at every start (docs/decisions.md, "CI time"). The global setup builds them
 * once when they are missing or older than the sources.
 */
export const compiled = {
  main: path.join(root, 'server/dist/main.js'),
  cli: path.join(root, 'server/dist/cli.js'),
}

/** Builds the compiled server when it is missing or stale (called once per run, by the global setup). */
export function buildCompiledServer(): void {
  compiledServer(root)
}
