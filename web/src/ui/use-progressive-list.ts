import { startTransition, useEffect, useState } from 'react'

/** About a phone's screenful of rows or cards, with some to spare. */
const FIRST_PASS = 20

/**
 * A long list's first paint costs one screenful: the first rows render at once, the rest in a
 * transition, which React renders in slices that leave the main thread free in between (a list of a
 * hundred tasks was one 400 ms task on a phone; docs/decisions.md, "Performance"). Once the
 * whole list has been shown, later changes (search, sort, new data) render it whole.
 */
export function useProgressiveList<T>(items: T[], first = FIRST_PASS): T[] {
  const [whole, setWhole] = useState(items.length <= first)
  useEffect(() => {
    if (!whole) startTransition(() => setWhole(true))
  }, [whole])
  return whole ? items : items.slice(0, first)
}
