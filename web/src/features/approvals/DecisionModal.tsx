import { Button, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { FormFailure } from '../../ui/form/FormFailure.tsx'
import { FormModal } from '../../ui/form/FormModal.tsx'
import type { SchemaForm } from '../../ui/form/use-schema-form.tsx'

/**
 * The dialog of a decision on a request (approve, reject, edit): its form, the failure in a red box,
 * Cancel and the confirming button. It asks before typed input is thrown away, and cannot be closed
 * while its request runs.
 */
export function DecisionModal({
  f,
  title,
  confirm,
  color,
  confirmDisabled,
  size,
  onClose,
  children,
}: {
  f: Pick<SchemaForm<object>, 'formProps' | 'busy' | 'dirty' | 'failure'>
  title: string
  confirm: string
  color?: string
  confirmDisabled?: boolean
  size?: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} title={title} size={size}>
      {(requestClose) => (
        <form {...f.formProps}>
          <Stack>
            <FormFailure failure={f.failure} />
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose} disabled={f.busy}>
                Cancel
              </Button>
              <Button type="submit" color={color} loading={f.busy} disabled={confirmDisabled} data-autofocus>
                {confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  )
}
