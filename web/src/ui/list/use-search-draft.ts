import { useDebouncedCallback } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'

const same = (a: string, b: string) => a.trim() === b.trim()

/**
 * The words of a list's search box: applied `delay` ms after the last key (unless `onlyOnEnter`), at
 * once on Enter, and when the box is left, which comes before the click that leaves it (a write into
 * the address later would cancel a page opening meanwhile: app/page-chunk.tsx). The box keeps what is
 * typed: the list's echo of an applied search (its address, committed a moment later in a transition,
 * and trimmed) does not overwrite keys typed since; a change from elsewhere (back, a cleared filter)
 * replaces the draft.
 */
export function useSearchDraft(
  value: string,
  onSearch: (text: string) => void,
  { delay, onlyOnEnter = false }: { delay: number; onlyOnEnter?: boolean },
) {
  const [draft, setDraft] = useState(value)
  const applied = useRef(value)
  useEffect(() => {
    if (same(value, applied.current)) return
    applied.current = value
    setDraft(value)
  }, [value])
  const apply = (text: string) => {
    applied.current = text
    onSearch(text)
  }
  const debounced = useDebouncedCallback((text: string) => {
    if (!onlyOnEnter) apply(text)
  }, delay)
  return {
    draft,
    type(text: string) {
      setDraft(text)
      debounced(text)
    },
    leave: () => debounced.flush(),
    submit() {
      debounced.cancel()
      apply(draft)
    },
    clear() {
      debounced.cancel()
      setDraft('')
      apply('')
    },
  }
}
