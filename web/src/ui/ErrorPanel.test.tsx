import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render.tsx'
import { ApiError } from '../api/client.ts'
import { LoadError } from './ErrorPanel.tsx'

const page = (error: unknown) => (
  <LoadError
    error={error}
    notFound="Supplier not found."
    failed={(message) => `Error loading supplier details: ${message}`}
    backTo="/suppliers"
    backLabel="Back to Suppliers"
  />
)

describe('a record page that could not load its record', () => {
  it("says 'Not found' in the page's own words when the server answers 404", async () => {
    renderApp(page(new ApiError('Not found', 404, { error: 'Supplier not found.' })))
    expect(await screen.findByText('Not found')).toBeTruthy()
    expect(screen.getByText('Supplier not found.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Suppliers' }).getAttribute('href')).toBe('/suppliers')
  })

  it("says what went wrong otherwise, with the server's message", async () => {
    renderApp(page(new ApiError('Server error', 500, { error: 'Database unavailable.' })))
    expect(await screen.findByText('Error loading supplier details: Database unavailable.')).toBeTruthy()
    expect(screen.queryByText('Not found')).toBeNull()
  })
})
