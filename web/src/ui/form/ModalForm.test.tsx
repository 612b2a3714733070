import { TextInput } from '@mantine/core'
import { notifications, notificationsStore } from '@mantine/notifications'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { renderApp } from '../../../test/render.tsx'
import { ModalForm } from './ModalForm.tsx'
import { useSchemaForm } from './use-schema-form.tsx'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 5000 }

/** The toasts asked for (shown or queued behind the limit). */
const toasts = () => {
  const { notifications, queue } = notificationsStore.getState()
  return [...notifications, ...queue].map((toast) => toast.message)
}

/** A dialog form whose call is `send`: it resolves, or throws the server's message. */
function NoteDialog(props: {
  send: (title: string) => Promise<unknown>
  onClose: () => void
  quiet?: boolean
  busyLabel?: string
}) {
  const f = useSchemaForm({
    schema: z.object({ title: z.string().trim().min(1, 'Title is required.') }),
    initialValues: { title: '' },
    submit: ({ title }) => props.send(title),
    failed: 'Could not keep the note.',
    onSuccess: props.onClose,
    guard: false,
  })
  return (
    <ModalForm
      f={f}
      onClose={props.onClose}
      title="Note"
      submit={{ submitLabel: 'Keep note', color: 'teal', busyLabel: props.busyLabel }}
      failure={props.quiet ? null : undefined}
    >
      <TextInput label="Title" {...f.form.getInputProps('title')} />
    </ModalForm>
  )
}

describe('a dialog that is one form of the form hook', () => {
  it('sends once however fast the clicks, and closes when the call succeeds', async () => {
    const onClose = vi.fn()
    const send = vi.fn(() => new Promise((resolve) => setTimeout(resolve, 30)))
    renderApp(<NoteDialog send={send} onClose={onClose} />)
    const submit = await screen.findByRole('button', { name: 'Keep note' }, slow)
    await userEvent.click(submit)
    expect(await screen.findByText('Title is required.', undefined, slow)).toBeTruthy()
    expect(send).not.toHaveBeenCalled()
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    fireEvent.click(submit)
    fireEvent.click(submit)
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), slow)
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenCalledWith('Pump check')
  })

  it('shows a failure in its red box, scrolled into view and not again in a toast, or leaves it to the toast when told to', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    const scrolled = scroll.mock.contexts
    const send = () => Promise.reject(new Error('boom'))
    // Toasts are one store for the whole run: those of the files before are not this dialog's.
    notifications.clean()
    const { unmount } = renderApp(<NoteDialog send={send} onClose={vi.fn()} />)
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Keep note' }))
    const box = await screen.findByRole('alert', {}, slow)
    expect(box.textContent).toBe('Could not keep the note.')
    // At the form's top, a screen above a phone's Save: brought into sight, each time it fails.
    expect(scrolled).toEqual([box])
    // Said once: a toast would repeat it over the dialog's buttons on a laptop's screen.
    expect(toasts()).not.toContain('Could not keep the note.')
    await userEvent.click(screen.getByRole('button', { name: 'Keep note' }))
    await vi.waitFor(() => expect(scrolled).toHaveLength(2), slow)
    scroll.mockRestore()
    unmount()

    const quietSend = vi.fn(send)
    renderApp(<NoteDialog send={quietSend} onClose={vi.fn()} quiet />)
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Keep note' }))
    await vi.waitFor(() => expect(quietSend).toHaveBeenCalled(), slow)
    await new Promise((r) => setTimeout(r, 100))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(toasts()).toContain('Could not keep the note.')
  })

  it('asks before typed input is thrown away by Cancel', async () => {
    const onClose = vi.fn()
    renderApp(<NoteDialog send={vi.fn()} onClose={onClose} />)
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('says its busy words on a held button while the request runs, where it has them', async () => {
    let answer = () => {}
    const send = () => new Promise<void>((resolve) => (answer = resolve))
    renderApp(<NoteDialog send={send} onClose={vi.fn()} busyLabel="Keeping..." />)
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Keep note' }))
    const busy = await screen.findByRole('button', { name: 'Keeping...' }, slow)
    expect(busy).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true)
    answer()
  })
})
