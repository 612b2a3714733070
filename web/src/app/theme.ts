import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core'

/**
 * Light badges, alerts and buttons write their text in a darkened shade 9 of their colour, which reads at
 * WCAG AA contrast on the light background; Mantine's own does not for yellow, orange or teal (axe).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input)
  if (input.variant !== 'light' && input.variant !== 'filled') return colors
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme })
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors
  if (input.variant === 'filled') {
    // White text on a filled colour: shade 9 with a little black reads at AA for every colour.
    const background = `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 75%, black)`
    return {
      ...colors,
      background,
      hover: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)`,
    }
  }
  return { ...colors, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 65%, black)` }
}

// Not plain 'Close': many dialogs also have a 'Close' button of their own in the footer.
const closeDialog = { 'aria-label': 'Close dialog' }
const closeToast = { 'aria-label': 'Dismiss message' }

export const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo-8 passes WCAG AA contrast; the default shade 6 does not (axe).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Modals, menus and toasts open without their transition for whoever asks for reduced motion.
  respectReducedMotion: true,
  variantColorResolver,
  // Mantine's close buttons carry only an icon: named here once for every dialog and toast (axe). Plain
  // objects rather than Modal.extend(), so the first screen's bundle does not pull the components in.
  components: {
    Modal: { defaultProps: { closeButtonProps: closeDialog } },
    Drawer: { defaultProps: { closeButtonProps: closeDialog } },
    Notification: { defaultProps: { closeButtonProps: closeToast } },
    // Mantine keeps every closed Select's option list mounted (hidden) and positions it when the page
    // mounts, which forces a style recalculation per select: most of a list page's filter cost on a
    // phone (docs/decisions.md, "Performance"). The list mounts when it opens instead.
    Combobox: { defaultProps: { keepMounted: false } },
  },
})

/** Narrow screens are 768 px wide or less (docs/product.md, "Constants and limits"). */
export const NARROW_QUERY = '(max-width: 768px)'

/** Dimmed and placeholder text at WCAG AA contrast on white (gray-7 rather than Mantine's gray-6; axe). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders too (Mantine's gray-5 reads at 2:1; a select's placeholder is real text to axe).
    '--mantine-color-placeholder': '#6b7280',
    // Field errors in red-9: Mantine's red-6 reads at 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
})
