import { isErrorMessage } from '@daftar/domain/notify'
import { notifications } from '@mantine/notifications'

export const TOAST_MS = 4000

/** Shows a toast, red when the text reads as an error (docs/product.md, "Messages"), green otherwise. */
export function notify(message: string, options: { alsoError?: readonly string[]; error?: boolean } = {}) {
  const error = options.error ?? isErrorMessage(message, options.alsoError)
  // A follow-up toast replaces the one before it rather than stacking up.
  notifications.clean()
  notifications.show({ message, color: error ? 'red' : 'teal', autoClose: TOAST_MS, withBorder: true })
}

export const notifyError = (message: string) => notify(message, { error: true })
export const notifySuccess = (message: string) => notify(message, { error: false })
