/** The stylesheets the login route's chunks ask for, from the client build's manifest (see prerender-login.mjs). */
export function loginStylesheets(manifest: Record<string, { css?: string[]; imports?: string[] }>): string[]
/** The signed-in first screens' files, less what index.html loads (see prerender-login.mjs). */
export function signedInFiles(
  manifest: Record<
    string,
    { file: string; name?: string; isEntry?: boolean; css?: string[]; imports?: string[] }
  >,
  indexHtml: string,
): string[]
/**
 * login.html's only script, run before the first paint: a signed-in visitor goes on to /, a session
 * that has just expired marks <html>; then it loads index.html's entry and preloads after the paint,
 * and fetches `prefetch` into the cache once the page has loaded and the browser is idle.
 */
export function loginBoot(
  indexHtml: string,
  keys: { accessToken: string; sessionExpired: string },
  prefetch?: string[],
): string
/** index.html with the pre-rendered sign-in page in #root, its stylesheets render-blocking, `bootSrc` its only script. */
export function loginHtml(indexHtml: string, markup: string, stylesheets: string[], bootSrc: string): string
export function prerenderLogin(root: string): Promise<void>
