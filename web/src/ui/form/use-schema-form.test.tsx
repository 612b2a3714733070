import { Button, TextInput } from '@mantine/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, http } from 'msw'
import { Link } from 'react-router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { ApiError, api as transport } from '../../api/client.ts'
import { session } from '../../api/session.ts'
import { useSchemaForm } from './use-schema-form.tsx'

const mock = startMockApi()

const noteInput = z.object({
  title: z.string().trim().min(1, 'Title is required.'),
  place: z.string().trim(),
})

function NoteForm({
  draftKey,
  onInvalid,
  describeFailure,
  failed = 'Failed to save note.',
  savedTo,
  failureFields,
}: {
  draftKey?: string
  onInvalid?: (errors: object) => void
  describeFailure?: (error: unknown) => string
  failed?: string | ((error: unknown) => string)
  savedTo?: string
  failureFields?: Record<string, string>
}) {
  const f = useSchemaForm({
    schema: noteInput,
    initialValues: { title: '', place: '' },
    submit: (body, _values, requestKey) =>
      transport<{ message: string }>('/notes', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': requestKey },
      }),
    failed,
    draftKey,
    onInvalid,
    describeFailure,
    openAfter: savedTo ? () => savedTo : undefined,
    failureFields,
  })
  return (
    <form {...f.formProps}>
      {f.guard}
      {f.failure && <p role="alert">{f.failure.text}</p>}
      <TextInput label="Title" {...f.form.getInputProps('title')} />
      <TextInput label="Place" {...f.form.getInputProps('place')} />
      <Button type="submit" loading={f.busy}>
        Save
      </Button>
      {f.saved && <p>Saved</p>}
      <Link to="/elsewhere">Elsewhere</Link>
    </form>
  )
}

function countPosts(answer: () => Response | Promise<Response>) {
  const sent: unknown[] = []
  mock.use(
    http.post('/api/notes', async ({ request }) => {
      sent.push(await request.json())
      return answer()
    }),
  )
  return sent
}

const elsewhere = [{ path: '/elsewhere', element: <p>Another page</p> }]
const afterSaving = [...elsewhere, { path: '/notes', element: <p>The notes</p> }]

describe('the form hook', () => {
  it('gives the focus back to the form once a failed save answers, where the disabled button had dropped it', async () => {
    mock.use(
      http.post('/api/notes', async () => {
        await delay(50)
        return HttpResponse.json({ error: 'Current password is incorrect.' }, { status: 400 })
      }),
    )
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    // A browser takes the focus off a button that becomes disabled; jsdom neither does nor lets a
    // disabled button be blurred, so the test does it with the button enabled for the moment.
    const sending = document.activeElement as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    sending.disabled = false
    sending.blur()
    sending.disabled = true
    expect(document.activeElement).toBe(document.body)
    expect(await screen.findByRole('alert')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })))
  })

  it('sends one request key until a save succeeds: a retry repeats it, the next save has a new one', async () => {
    const keys: (string | null)[] = []
    const answers = [500, 200, 200]
    mock.use(
      http.post('/api/notes', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'))
        const status = answers[keys.length - 1]!
        return status === 200
          ? HttpResponse.json({ message: 'Saved.' })
          : HttpResponse.json({ error: 'Try again.' }, { status })
      }),
    )
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(keys).toHaveLength(3))
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  it("refuses input its schema refuses, with the schema's words, and sends nothing", async () => {
    const sent = countPosts(() => HttpResponse.json({ message: 'Saved.' }))
    renderApp(<NoteForm />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Title is required.')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('tells the form of a refused submit, for a box of its own', async () => {
    const refused: object[] = []
    renderApp(<NoteForm onInvalid={(errors) => refused.push(errors)} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(refused).toEqual([{ title: 'Title is required.' }]))
  })

  it('sends what the schema made of the values, once for a double click or a repeated Enter', async () => {
    const sent = countPosts(async () => {
      await delay(50)
      return HttpResponse.json({ message: 'Saved.' })
    })
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), '  Pump check  ')
    const save = screen.getByRole('button', { name: 'Save' })
    fireEvent.click(save)
    fireEvent.click(save)
    // Submits that no disabled button stops (a key held down): the hook itself refuses them.
    const form = save.closest('form')!
    fireEvent.submit(form)
    fireEvent.submit(form)
    expect(await screen.findByText('Saved')).toBeTruthy()
    expect(sent).toEqual([{ title: 'Pump check', place: '' }])
  })

  it("shows the server's error and keeps what was typed", async () => {
    countPosts(() => HttpResponse.json({ error: 'A note with this title exists.' }, { status: 409 }))
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('A note with this title exists.')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Pump check')
  })

  it('puts a refusal about one field under that field, focused, instead of the red box', async () => {
    const taken = 'A note with this title exists.'
    countPosts(() => HttpResponse.json({ error: taken }, { status: 409 }))
    renderApp(<NoteForm failureFields={{ [taken]: 'title' }} />)
    const title = screen.getByLabelText('Title') as HTMLInputElement
    await userEvent.type(title, 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText(taken)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(title))
    expect(title.value).toBe('Pump check')
  })

  it('words its own red box apart from the toast when asked to', async () => {
    countPosts(() => HttpResponse.json({}, { status: 500 }))
    renderApp(<NoteForm describeFailure={() => 'Failed to create.'} />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create.')
  })

  it('words every failure with its own rule when the form has one (sign-in, Forgot Password)', async () => {
    // A 401 here would end the session (the transport's rule), so a 403 stands for a refusal.
    countPosts(() => HttpResponse.json({ error: 'Account is locked.' }, { status: 403 }))
    const rule = (error: unknown) =>
      error instanceof ApiError && error.status === 403 ? 'Refused.' : 'Other.'
    renderApp(<NoteForm failed={rule} />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Refused.')
  })

  it("says 'No response received from server.' when nothing answers", async () => {
    mock.use(http.post('/api/notes', () => HttpResponse.error()))
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('No response received from server.')
  })

  it('says nothing of its own when the session has expired: the sign-in page says it once', async () => {
    session.set({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' })
    mock.use(
      http.post('/api/notes', () => HttpResponse.json({ error: 'Unauthorized.' }, { status: 401 })),
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ error: 'Your session has expired. Please log in again.' }, { status: 401 }),
      ),
    )
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(session.isAuthenticated()).toBe(false))
    await delay(50)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('submits from the keyboard on Enter in the last field or Ctrl-Enter, not on Enter earlier', async () => {
    const sent = countPosts(() => HttpResponse.json({ message: 'Saved.' }))
    renderApp(<NoteForm />)
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check{Enter}')
    await delay(30)
    expect(sent).toEqual([])
    await userEvent.type(screen.getByLabelText('Title'), '{Control>}{Enter}{/Control}')
    await waitFor(() => expect(sent).toHaveLength(1))
  })

  it('asks before unsaved input is left, and stays when asked to', async () => {
    const { router } = renderApp(<NoteForm />, { routes: elsewhere })
    await userEvent.type(screen.getByLabelText('Title'), 'Half a note')
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByText('Leave this page?')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }))
    expect(router.state.location.pathname).toBe('/')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half a note')
  })

  it('leaves without asking when nothing was typed', async () => {
    const { router } = renderApp(<NoteForm />, { routes: elsewhere })
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'))
  })

  it('opens its next page once saved', async () => {
    countPosts(() => HttpResponse.json({ message: 'Saved.' }))
    const { router } = renderApp(<NoteForm savedTo="/notes" />, { routes: afterSaving })
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The notes')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/notes')
  })

  it('does not pull back to its next page a person who went elsewhere while it was saving', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const sent = countPosts(async () => {
      await answered
      return HttpResponse.json({ message: 'Saved.' })
    })
    const { router } = renderApp(<NoteForm savedTo="/notes" />, { routes: afterSaving })
    await userEvent.type(screen.getByLabelText('Title'), 'Pump check')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByText('Another page')).toBeTruthy()
    answer()
    await delay(100)
    expect(router.state.location.pathname).toBe('/elsewhere')
    expect(screen.queryByText('The notes')).toBeNull()
  })

  it('starts again from the draft an expired session kept', async () => {
    sessionStorage.setItem('daftar.draft:note', JSON.stringify({ title: 'Kept', place: 'Site 2' }))
    renderApp(<NoteForm draftKey="note" />)
    await waitFor(() => expect((screen.getByLabelText('Place') as HTMLInputElement).value).toBe('Site 2'))
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Kept')
  })
})
