import { addDays } from '@daftar/domain/format'
import {
  nextOccurrences,
  type RecurringTask,
  type RepeatChoice,
  sentenceDate,
} from '@daftar/domain/recurring'
import { organisationToday } from '@daftar/domain/registers'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { person, signedInAs } from '../../../test/people.ts'
import { renderApp } from '../../../test/render.tsx'
import { startMockApi } from '../../../test/server.ts'
import { noRepeat, RepeatField } from './RepeatField.tsx'
import { editedDates, SeriesDialog } from './SeriesDialog.tsx'
import TaskFormModal from './TaskFormModal.tsx'

const mock = startMockApi()
const RAVI = '0b7c4f3e-8a2d-4c1b-9e5f-6a7b8c9d0e1f'

const served = { users: false }

function api() {
  const sent: { path: string; body: unknown }[] = []
  signedInAs(mock, person())
  mock.use(
    http.get('/api/users', () => {
      served.users = true
      return HttpResponse.json([
        { ...person(), email: undefined, mobile: undefined, version: undefined },
        {
          user_id: RAVI,
          username: 'ravi',
          full_name: 'Ravi Kumar',
          designation: null,
          employee_id: null,
          display_photo: null,
          isadmin: false,
          is_accountant: false,
        },
      ])
    }),
    http.get('/api/projects/dropdown-list', () => HttpResponse.json([])),
    http.get('/api/clients/dropdown-list', () => HttpResponse.json([])),
    http.get('/api/categories', () => HttpResponse.json([])),
    http.post('/api/tasks', async () => {
      sent.push({ path: '/api/tasks', body: null })
      return HttpResponse.json({ message: 'Task Created' }, { status: 500 })
    }),
    http.post('/api/recurring-tasks', async ({ request }) => {
      sent.push({ path: '/api/recurring-tasks', body: await request.json() })
      return HttpResponse.json({ error: 'stop here' }, { status: 400 })
    }),
  )
  return sent
}

describe("Create Task's Repeat", { timeout: 30_000 }, () => {
  it('a repeating task is sent as a recurring task, with its rule and its sentence', async () => {
    const sent = api()
    renderApp(
      <TaskFormModal onClose={() => {}} repeat={{ ...noRepeat, preset: 'weekly', days: ['MO', 'TH'] }} />,
    )
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Site visit' },
    })
    expect(screen.getByTestId('repeat-sentence').textContent).toBe('Weekly on Mon and Thu')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Thu' }))
    expect(screen.getByTestId('repeat-sentence').textContent).toBe('Weekly on Mon')
    // The last day stays on: with none the rule would run on the start's weekday, no chip saying so.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mon' }))
    expect(screen.getByRole('checkbox', { name: 'Mon' })).toHaveProperty('checked', true)
    expect(screen.getByTestId('repeat-sentence').textContent).toBe('Weekly on Mon')
    const assignee = screen.getByRole('combobox', { name: 'Assign To' })
    // The picker's options are the users: typed once they have come.
    await waitFor(() => expect(served.users).toBe(true))
    await new Promise((r) => setTimeout(r, 50))
    await userEvent.type(assignee, 'Ravi')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect((assignee as HTMLInputElement).value).toMatch(/Ravi Kumar/))
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      path: '/api/recurring-tasks',
      body: {
        title: 'Site visit',
        description: null,
        category_id: null,
        project_id: null,
        client_id: null,
        // The assignee and CC go by user id.
        assigned_to: [RAVI],
        cc: [],
        rule: 'FREQ=WEEKLY;BYDAY=MO',
        // The organisation's day (India), not the machine's: they differ from 18:30 to 24:00 UTC.
        starts_on: organisationToday(),
        deadline_days: 0,
        active: true,
        catch_up: 'each',
      },
    })
  })
})

describe('the series dialog', { timeout: 30_000 }, () => {
  /** A series of the signed-in user's, started `daysBack` days ago; what its dialog sends. */
  function openSeries(daysBack: number, timing: Partial<RecurringTask> = {}) {
    const sent = api()
    mock.use(
      http.put('/api/recurring-tasks/:id', async ({ request }) => {
        sent.push({ path: '/api/recurring-tasks/:id', body: await request.json() })
        return HttpResponse.json({ error: 'stop here' }, { status: 400 })
      }),
    )
    const me = { user_id: person().user_id, username: 'asha', full_name: 'Asha Verma' }
    const series: RecurringTask = {
      series_id: '7d2c9a10-4b6e-4f1a-8c3d-2e5f6a7b8c9d',
      title: 'Daily check',
      description: null,
      category_id: null,
      project_id: null,
      client_id: null,
      assigned_to: [],
      cc: [],
      people: [],
      rule: 'FREQ=DAILY',
      rule_text: 'Every day',
      starts_on: addDays(organisationToday(), -daysBack),
      deadline_days: 0,
      active: true,
      catch_up: 'each',
      owner: me,
      can_edit: true,
      next_occurrences: [],
      last_created_task_id: null,
      created_at: new Date().toISOString(),
      version: 1,
      ...timing,
    }
    renderApp(<SeriesDialog series={series} onClose={() => {}} />)
    return sent
  }

  it('saves a series started long ago, its start unchanged', async () => {
    const sent = openSeries(60)
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Daily check, renamed' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ starts_on: addDays(organisationToday(), -60) })
    expect(screen.queryByText('Starts on can be at most 31 days before today.')).toBeNull()
  })

  it("the coming dates follow an edited rule, not the saved one's", async () => {
    const today = organisationToday()
    const monthlyOn = (day: number) =>
      nextOccurrences(`FREQ=MONTHLY;BYMONTHDAY=${day}`, today, today).map(sentenceDate).join(', ')
    openSeries(0, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=15',
      rule_text: 'Monthly on day 15',
      next_occurrences: nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=15', today, addDays(today, 1)),
    })
    await screen.findByText(/^Next: /)
    const day = screen.getByRole('textbox', { name: 'Day of the month' })
    await userEvent.type(day, '31', { initialSelectionStart: 0, initialSelectionEnd: 2 })
    expect(screen.getByTestId('series-sentence').textContent).toBe('Monthly on day 31')
    // A 31st only in the months that have one, as the series will create them.
    expect(screen.getByText(/^Next: /).textContent).toContain(`Next: ${monthlyOn(31)}`)
    expect(screen.queryByText(new RegExp(monthlyOn(15).split(',')[0]!))).toBeNull()
  })

  it("offers 'Monthly on the last day': every month's own last day, saved as BYMONTHDAY=-1", async () => {
    const today = organisationToday()
    const sent = openSeries(0, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=31',
      rule_text: 'Monthly on day 31',
      next_occurrences: nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=31', today, today),
    })
    await userEvent.click(await screen.findByRole('combobox', { name: 'Repeat' }))
    await userEvent.click(
      await screen.findByRole('option', { name: 'Monthly on the last day', hidden: true }),
    )
    expect(screen.getByTestId('series-sentence').textContent).toBe('Monthly on the last day')
    expect(screen.queryByRole('textbox', { name: 'Day of the month' })).toBeNull()
    expect((screen.getByRole('textbox', { name: /^Rule/ }) as HTMLInputElement).value).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=-1',
    )
    // One date a month, each its month's last: no month is skipped.
    const lastDays = nextOccurrences('FREQ=MONTHLY;BYMONTHDAY=-1', today, today)
    expect(new Set(lastDays.map((d) => d.slice(0, 7))).size).toBe(5)
    for (const d of lastDays) expect(addDays(d, 1).slice(8)).toBe('01')
    expect(screen.getByText(/^Next: /).textContent).toContain(
      `Next: ${lastDays.map(sentenceDate).join(', ')}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ rule: 'FREQ=MONTHLY;BYMONTHDAY=-1' })
  })

  it('a series saved on the last day opens on that choice', async () => {
    openSeries(0, { rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', rule_text: 'Monthly on the last day' })
    expect(((await screen.findByRole('combobox', { name: 'Repeat' })) as HTMLInputElement).value).toBe(
      'Monthly on the last day',
    )
  })

  it('refuses to move the start further back than 31 days, on the field', async () => {
    const sent = openSeries(60)
    const field = await screen.findByRole('textbox', { name: /^Starts on/ })
    // Typed as the field shows a day: '02 Oct 2026'.
    const [y, m, d] = addDays(organisationToday(), -61).split('-')
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
    const text = `${d} ${months[Number(m) - 1]} ${y}`
    await userEvent.clear(field)
    await userEvent.type(field, text)
    fireEvent.blur(field)
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Starts on can be at most 31 days before today.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  })
})

describe("the series dialog's coming dates", () => {
  it('reads none for a start the form refuses, at once: a half-typed year is the year 2, not a walk from it', () => {
    const today = '2026-12-02'
    const started = performance.now()
    expect(editedDates('FREQ=DAILY', '0002-10-01', '2026-11-20', today)).toBeNull()
    expect(editedDates('FREQ=DAILY', '2026-10-01', '2026-11-20', today)).toBeNull()
    expect(performance.now() - started).toBeLessThan(50)
    // The saved start stands however far back it is; a start in reach reads its dates from today.
    expect(editedDates('FREQ=DAILY', '2025-01-01', '2025-01-01', today)?.[0]).toBe(today)
    expect(editedDates('FREQ=DAILY', '2026-11-01', '2025-01-01', today)?.[0]).toBe(today)
  })
})

function CountsHost() {
  const [value, setValue] = useState<RepeatChoice>({ ...noRepeat, preset: 'custom', freq: 'DAILY' })
  return <RepeatField value={value} onChange={setValue} startsOn="2026-12-02" />
}

describe("Repeat's counts", () => {
  it('the interval is a whole count from 1: cleared it is 1, a fraction cannot be typed', async () => {
    renderApp(<CountsHost />)
    const every = await screen.findByRole('textbox', { name: 'Every' })
    await userEvent.clear(every)
    expect(screen.getByTestId('repeat-sentence').textContent).toBe('Every day')
    await userEvent.type(every, '3.5')
    expect((every as HTMLInputElement).value).toBe('35')
    expect(screen.getByTestId('repeat-sentence').textContent).toBe('Every 35 days')
  })
})
