/** The stylesheets the login route's chunks ask for, from the client build's manifest (see prerender-login.mjs). */
export function loginStylesheets(manifest: Record<string, { css?: string[]; imports?: string[] }>): string[]
/** login.html's only script: loads index.html's entry and preloads after the first paint. */
export function loginBoot(indexHtml: string): string
/** index.html with the pre-rendered sign-in page in #root, its stylesheets render-blocking, `bootSrc` its only script. */
export function loginHtml(indexHtml: string, markup: string, stylesheets: string[], bootSrc: string): string
export function prerenderLogin(root: string): Promise<void>
