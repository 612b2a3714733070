import type { ImportResult } from '@daftar/domain/imports'
import { describe, expect, it } from 'vitest'
import { finishedText } from './Finished.tsx'

const result = (over: Partial<ImportResult>): ImportResult => ({
  dry_run: false,
  rows: 0,
  valid: 0,
  invalid: 0,
  duplicates: 0,
  errors: [],
  preview: [],
  headers: [],
  columns: [],
  created: 0,
  updated: 0,
  skipped: 0,
  failed_batches: [],
  error_file: null,
  ...over,
})

describe("an import's closing toast", () => {
  it('counts the rows to fix: refused rows and the rows of a batch that failed, as the file holds them', () => {
    expect(finishedText(result({ created: 12, updated: 3 }))).toBe('Import finished: 12 added, 3 updated.')
    expect(
      finishedText(
        result({
          created: 1000,
          invalid: 2,
          failed_batches: [{ from_row: 1002, to_row: 2001, message: 'The database went away.' }],
        }),
      ),
    ).toBe('Import finished: 1000 added, 0 updated, 1002 rows to fix.')
  })
})
