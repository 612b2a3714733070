import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const serverTests = {
  environment: 'node',
  globalSetup: ['server/test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
} as const

const MOCKING = 'server/test/response-schemas.test.ts'

/**
 * Files about the embedded database alone (its thread, its data directory lock, `npm start` and the
 * provider CLI on a DATA_DIR): they run the same whatever TEST_DATABASE_URL says, so the PostgreSQL
 * pass of CI leaves them out rather than run them twice (docs/decisions.md, "CI time").
 */
const EMBEDDED_ONLY = [
  'server/test/embedded-db.test.ts',
  'server/test/start.test.ts',
  'server/src/modules/organisations/provider-cli.test.ts',
]

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on the 2-core CI machines that is one file at
    // a time, with a core idle while PGlite computes. Two at once nearly halve the run (docs/decisions.md,
    // "CI time").
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: [MOCKING, ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : [])],
          ...serverTests,
          // A worker imports the server once, not once per file: each file builds its own app on its
          // own database, so nothing it needs is kept in a module (docs/decisions.md, "CI time").
          isolate: false,
        },
      },
      // A file that replaces modules with vi.mock needs a module registry of its own.
      { test: { name: 'server-mocks', include: [MOCKING], ...serverTests } },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          // As for the server: a worker imports React, Mantine and the app once, not once per file
          // (277 → 84 CPU-seconds). The setup file's afterEach clears the DOM and both storages, and no
          // web test mocks a module (docs/decisions.md, "CI time").
          isolate: false,
        },
      },
    ],
  },
})
