import fs from 'node:fs'

/**
 * The browser the journeys run in: Debian's Chromium, never a downloaded one. Its headless shell
 * (package chromium-headless-shell, the same version) when installed, for the journeys need no window
 * and the shell draws a page for about a quarter less CPU than the full browser in headless mode
 * (docs/decisions.md, "CI time"); CHROMIUM_PATH overrides both.
 */
export const journeyChromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => fs.existsSync(path)) ??
  '/usr/bin/chromium'
