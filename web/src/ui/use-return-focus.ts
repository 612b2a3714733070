import { useEffect, useState } from 'react'

/**
 * For a dialog mounted only while it is open: it unmounts the moment it closes, before Mantine's modal
 * can give the focus back, which then fell to the page (a keyboard user started again from the top).
 * The element that had the focus when the dialog opened (the button that opened it) gets it back,
 * unless the person has put it somewhere else meanwhile.
 */
export function useReturnFocus() {
  // Read while the dialog first renders, before the modal moves the focus inside it.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  )
  useEffect(
    () => () => {
      requestAnimationFrame(() => {
        const lost = !document.activeElement || document.activeElement === document.body
        if (lost && opener?.isConnected) opener.focus()
      })
    },
    [opener],
  )
}
