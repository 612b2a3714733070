import { useMediaQuery } from '@mantine/hooks'
import { NARROW_QUERY } from '../app/theme.ts'

/**
 * Whether the screen is narrow (a phone), known from the first render: Mantine's default reads the
 * media query in an effect, so a phone first rendered the desktop layout and then re-rendered it as
 * cards, twice the work and a layout shift on the first paint.
 */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false })
}
