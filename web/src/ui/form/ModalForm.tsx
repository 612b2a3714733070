import { type MantineSpacing, type ModalProps, Stack } from '@mantine/core'
import { type ReactNode, useEffect } from 'react'
import { FormFailure } from './FormFailure.tsx'
import { FormActions, type FormActionsProps, FormModal } from './FormModal.tsx'
import type { SchemaForm } from './use-schema-form.tsx'

/** What the dialog needs of a form of the form hook (`useSchemaForm`). */
export type ModalFormState = Pick<
  SchemaForm<object>,
  'formProps' | 'busy' | 'dirty' | 'failure' | 'guard' | 'failureBox'
>

export interface ModalFormProps extends Omit<ModalProps, 'opened' | 'onClose' | 'children'> {
  f: ModalFormState
  onClose: () => void
  /** The submit button (`FormActions`): its label, its busy words, colour, margin, focus. */
  submit?: Omit<FormActionsProps, 'onCancel' | 'busy'>
  /**
   * How a failure shows: the form's red box unless given (a given one shows `f.failure` too); null
   * where the toast alone says it.
   */
  failure?: ReactNode
  /** The space between the parts: Stack's own unless given. */
  gap?: MantineSpacing
  children: ReactNode
}

/**
 * A dialog that is one form of the form hook (docs/architecture.md, "Adding a form"): FormModal's
 * 'Discard changes?' before typed input is thrown away and no closing while its request runs, then the
 * form with its leave guard, the failure, the fields, and Cancel with the submit button.
 */
export function ModalForm({ f, onClose, submit, failure, gap, children, ...modal }: ModalFormProps) {
  // The red box (its own, or one given) says the failure: a toast would repeat it, over the buttons
  // (ui/form/use-schema-form.tsx). Only a dialog without one leaves it to the toast.
  const boxed = failure !== null
  useEffect(() => {
    f.failureBox.current = boxed
  }, [f.failureBox, boxed])
  return (
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} {...modal}>
      {(requestClose) => (
        <form {...f.formProps}>
          {f.guard}
          <Stack gap={gap}>
            {failure === undefined ? <FormFailure failure={f.failure} /> : failure}
            {children}
            <FormActions onCancel={requestClose} busy={f.busy} {...submit} />
          </Stack>
        </form>
      )}
    </FormModal>
  )
}
