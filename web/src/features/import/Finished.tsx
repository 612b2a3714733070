import {
  type ImportRegister,
  type ImportResult,
  importRegisterLabels,
  importRegisters,
} from '@daftar/domain/imports'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { Link } from 'react-router'
import { registerRoots } from '../../ui/register-kit/roots.ts'
import { saveFile } from '../../ui/save-file.ts'

/** The toast at the end of an import: what was added and updated, and how many rows the file to fix holds. */
export function finishedText(result: ImportResult): string {
  const failed = result.failed_batches.reduce((n, b) => n + b.to_row - b.from_row + 1, 0)
  const toFix = result.invalid + failed
  return `Import finished: ${result.created} added, ${result.updated} updated${toFix ? `, ${toFix} rows to fix` : ''}.`
}

/** The outcome of a real import: the counts, batches that failed, and the rows to fix as a file. */
export function Finished({
  result,
  register,
  onAgain,
}: {
  result: ImportResult
  register: ImportRegister
  onAgain(): void
}) {
  const root = registerRoots[importRegisters[register]]
  return (
    <Paper withBorder p="md" radius="md" aria-label="Import result" component="section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Import finished
        </Title>
        <Text>
          {result.created} added, {result.updated} updated, {result.skipped} already there and skipped,{' '}
          {result.invalid} with errors not imported.
        </Text>
        {result.failed_batches.map((b) => (
          <Alert key={b.from_row} color="red" title={`Rows ${b.from_row} to ${b.to_row} were not saved`}>
            {b.message}
          </Alert>
        ))}
        <Group>
          {result.error_file && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() =>
                saveFile(new Blob([result.error_file!], { type: 'text/csv' }), `${register}-rows-to-fix.csv`)
              }
            >
              Download the rows to fix
            </Button>
          )}
          <Button component={Link} to={root.path} variant="default">
            Open {importRegisterLabels[register]}
          </Button>
          <Button variant="subtle" onClick={onAgain}>
            Import another file
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
