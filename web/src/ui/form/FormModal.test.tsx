import { TextInput } from '@mantine/core'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { renderApp } from '../../../test/render.tsx'
import { FormActions, FormModal } from './FormModal.tsx'
import { useSchemaForm } from './use-schema-form.tsx'

vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 5000 }

function NoteDialog({
  onClose,
  onSent,
  guarded = false,
}: {
  onClose: () => void
  onSent: (title: string) => void
  /** With the page's leave guard, as a form of the app has. */
  guarded?: boolean
}) {
  const f = useSchemaForm({
    schema: z.object({ title: z.string().trim().min(1, 'Title is required.') }),
    initialValues: { title: '' },
    submit: async ({ title }) => onSent(title),
    failed: 'Failed.',
    guard: guarded,
  })
  return (
    <FormModal dirty={f.dirty} busy={f.busy} onClose={onClose} title="Note">
      {(requestClose) => (
        <form {...f.formProps}>
          {f.guard}
          <TextInput label="Title" {...f.form.getInputProps('title')} />
          <FormActions onCancel={requestClose} busy={f.busy} submitLabel="Keep note" />
        </form>
      )}
    </FormModal>
  )
}

describe("a modal form's actions", () => {
  it('submit with the named button, and Cancel asks before typed input is thrown away', async () => {
    const onClose = vi.fn()
    const onSent = vi.fn()
    renderApp(<NoteDialog onClose={onClose} onSent={onSent} />)
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    await userEvent.click(screen.getByRole('button', { name: 'Keep note' }))
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith('Pump check'), slow)
  })

  it('ask with the focus on Keep editing: Escape then Enter keeps what was typed', async () => {
    const onClose = vi.fn()
    renderApp(<NoteDialog onClose={onClose} onSent={vi.fn()} />)
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.keyboard('{Escape}')
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    await vi.waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep editing' })),
      slow,
    )
    await userEvent.keyboard('{Enter}')
    await vi.waitFor(() => expect(screen.queryByText('Discard changes?')).toBeNull(), slow)
    expect(onClose).not.toHaveBeenCalled()
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Pump check')
  })

  it("Back while 'Discard changes?' is open leaves one question on screen: 'Leave this page?'", async () => {
    const { router } = renderApp(<NoteDialog onClose={vi.fn()} onSent={vi.fn()} guarded />, {
      path: '/note',
      routes: [{ path: '/other', element: <p>Other page</p> }],
    })
    await userEvent.type(await screen.findByLabelText('Title', {}, slow), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Discard changes?', undefined, slow)).toBeTruthy()
    await act(() => router.navigate('/other'))
    expect(await screen.findByText('Leave this page?', undefined, slow)).toBeTruthy()
    await vi.waitFor(() => expect(screen.queryByText('Discard changes?')).toBeNull(), slow)
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }))
    await vi.waitFor(() => expect(screen.queryByText('Leave this page?')).toBeNull(), slow)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Pump check')
  })
})
