import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import { SystemInformation } from './detail-parts.tsx'

const audit = {
  created_by_username: 'asha',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_by_username: 'ravi',
  updated_at: '2026-03-02T10:00:00.000Z',
}

describe("a record's System Information", () => {
  it('names people by username, or by full name and username where the record answers both', async () => {
    renderApp(
      <>
        <SystemInformation record={audit} title="Supplier system" />
        <SystemInformation
          record={{ ...audit, created_by_fullname: 'Asha Verma', updated_by_fullname: null }}
          title="Project system"
        />
      </>,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Supplier system' }))
    await userEvent.click(screen.getByRole('button', { name: 'Project system' }))
    expect(screen.getByText('asha')).toBeTruthy()
    expect(screen.getByText('Asha Verma (@asha)')).toBeTruthy()
    expect(screen.getAllByText('ravi')).toHaveLength(2)
  })
})
