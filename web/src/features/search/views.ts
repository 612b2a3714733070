/**
 * The palette and the page in one chunk: both need the same parts, and one chunk keeps the list of
 * files the app's first script names for them short (the sign-in page's budget, scripts/check-bundle.mjs).
 */
export { default as SearchPage } from './SearchPage.tsx'
export { default as SearchPalette } from './SearchPalette.tsx'
