import type { AccessPermissions } from '@daftar/domain/registers'
import { Button, Group, Paper, Textarea } from '@mantine/core'
import { GrantAccessField } from './GrantAccessField.tsx'

interface Props {
  notes: string
  onNotes: (notes: string) => void
  notesError?: string
  /** Only on create forms: 'Grant Access (Optional)'. */
  grantAccess?: { value: AccessPermissions; onChange: (value: AccessPermissions) => void }
  busy: boolean
  submitLabel: string
  onCancel: () => void
}

/** The end of every register form: notes, the optional access grants, Cancel and submit. */
export function RegisterFormFooter(props: Props) {
  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Textarea
          label="Notes"
          value={props.notes}
          onChange={(e) => props.onNotes(e.currentTarget.value)}
          error={props.notesError}
          autosize
          minRows={3}
          maxLength={5000}
        />
      </Paper>
      {props.grantAccess && (
        <GrantAccessField value={props.grantAccess.value} onChange={props.grantAccess.onChange} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" loading={props.busy}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  )
}
