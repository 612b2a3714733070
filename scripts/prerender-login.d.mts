/** The stylesheets the login route's chunks ask for, from the client build's manifest (see prerender-login.mjs). */
export function loginStylesheets(manifest: Record<string, { css?: string[]; imports?: string[] }>): string[]
/** index.html with the pre-rendered sign-in page in #root and its stylesheets render-blocking. */
export function loginHtml(indexHtml: string, markup: string, stylesheets: string[]): string
export function prerenderLogin(root: string): Promise<void>
