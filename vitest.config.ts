import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

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
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
})
