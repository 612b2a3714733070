/** The stylesheets the login route's chunks ask for, from the client build's manifest (see prerender-login.mjs). */
export function loginStylesheets(
  manifest: Record<string, { css?: string[]; imports?: string[]; isEntry?: boolean }>,
): string[]
/** The rules of `css` that can apply to `markup`. */
export function criticalCss(css: string, markup: string): string
/** index.html with the pre-rendered sign-in page in #root, its CSS inline and the stylesheets preloaded. */
export function loginHtml(indexHtml: string, markup: string, inlineCss: string, stylesheets: string[]): string
export function prerenderLogin(root: string): Promise<void>
