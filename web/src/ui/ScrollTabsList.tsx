import { Tabs, type TabsListProps } from '@mantine/core'
import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A tab list that never cuts a tab off on a phone: it scrolls sideways, and fades at its right edge
 * while tabs remain beyond it (`.scroll-tabs` in app/global.css).
 */
export function ScrollTabsList(props: TabsListProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [atEnd, setAtEnd] = useState(true)
  const measure = useCallback(() => {
    const el = ref.current
    if (el) setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)
  }, [])
  useEffect(() => {
    const el = ref.current
    if (!el) return
    // Its first call comes once the page is laid out anyway; measuring here forced a layout of the
    // whole page in the middle of mounting it.
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [measure])
  return (
    <Tabs.List
      {...props}
      ref={ref}
      className={`scroll-tabs ${props.className ?? ''}`}
      data-at-end={atEnd || undefined}
      onScroll={measure}
    />
  )
}
