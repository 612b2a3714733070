import { Button } from '@mantine/core'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render.tsx'
import { FormModal } from './form/FormModal.tsx'

/** A page that mounts its dialog only while it is open, as the task list and the header do. */
function Page() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create Task</Button>
      {open && (
        <FormModal title="Create Task" dirty={false} onClose={() => setOpen(false)}>
          {(requestClose) => <Button onClick={requestClose}>Cancel</Button>}
        </FormModal>
      )}
    </>
  )
}

describe('a dialog mounted only while open', () => {
  it('gives the focus back to the button that opened it when it closes', async () => {
    renderApp(<Page />)
    const opener = screen.getByRole('button', { name: 'Create Task' })
    await userEvent.click(opener)
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})
