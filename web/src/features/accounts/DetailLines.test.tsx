import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render.tsx'
import type { DocDetail } from './api.ts'
import { LineItems } from './DetailLines.tsx'

const line = (
  sac_code: string | null,
  gst_rate: number,
  description: string,
): DocDetail['line_items'][number] => ({
  description,
  sac_code,
  gst_rate,
  qty: 1,
  unit: 'Nos',
  rate: 100,
  basic_amount: 100,
  gst_amount: gst_rate,
})

describe("an invoice's lines", () => {
  it('show every GST rate, a line without a SAC/HSN code included', () => {
    renderApp(<LineItems lines={[line('998346', 18, 'Design'), line(null, 12, 'Chemicals')]} />)
    expect(screen.getByText(/SAC\/HSN 998346 · GST 18%/)).toBeTruthy()
    expect(screen.getByText(/GST 12%/)).toBeTruthy()
  })
})
