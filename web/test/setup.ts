/**
 * The web's component tests run in jsdom: what it lacks that Mantine needs (matchMedia,
 * ResizeObserver, scrollIntoView, document.fonts), and a clean DOM and session after every test.
 */
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

/** Tests set this to render as a phone (max-width: 768px matches) or a desktop. */
export const screen = { narrow: false }

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: /max-width/.test(query) ? screen.narrow : false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver
Element.prototype.scrollIntoView ??= () => {}
// Mantine's autosizing textarea listens for web fonts loading, which jsdom does not do.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
  screen.narrow = false
})
