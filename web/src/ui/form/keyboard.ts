import type { KeyboardEvent } from 'react'

/** Inputs where Enter means "the next thing", never "send the form". */
const PLAIN_TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'password', 'search', 'number'])

function isPlainField(element: Element): element is HTMLInputElement {
  if (!(element instanceof HTMLInputElement)) return false
  if (!PLAIN_TEXT_TYPES.has(element.type) || element.readOnly || element.disabled) return false
  // Pickers (Mantine's Select, Autocomplete, MultiSelect, date inputs) are comboboxes or open popups.
  return !element.matches('[role="combobox"], [aria-haspopup], [data-dates-input], [aria-autocomplete]')
}

/**
 * A form submits from the keyboard only where a person expects it (docs/decisions.md, "Forms and the
 * keyboard"): Ctrl/Cmd-Enter anywhere, or Enter in the form's last plain text field. Enter in a picker
 * picks (the picker handles it), Enter in a date field or any earlier field does not send a half-filled
 * form. Buttons keep their own Enter.
 */
export function submitKeys(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
  const form = event.currentTarget
  const target = event.target as Element
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault()
    form.requestSubmit()
    return
  }
  if (!(target instanceof HTMLInputElement)) return
  const plain = Array.from(form.elements).filter(isPlainField)
  if (!isPlainField(target) || plain.at(-1) !== target) event.preventDefault()
}
