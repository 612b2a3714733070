import react from '@vitejs/plugin-react'
import { defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite'
import { firstScreenChunks } from './first-screen-chunk.ts'

const apiTarget = process.env.DAFTAR_API_URL ?? 'http://localhost:3000'

/**
 * `<link rel="modulepreload">` in index.html for the /login route's chunk and the chunks it imports, so
 * that they download alongside the entry instead of after it has run (one round trip less before the
 * sign-in page paints; docs/decisions.md, "Performance"). The page is the same index.html
 * for every address, so only a page every visitor needs first is worth it; the shared Mantine chunks
 * among these serve the signed-in app too.
 */
function preloadRouteChunks(modules: string[]): Plugin {
  return {
    name: 'daftar:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx: IndexHtmlTransformContext) {
        const bundle = ctx.bundle
        if (!bundle) return
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const entry = chunks.find((c) => c.isEntry)
        const known = new Set([entry?.fileName, ...(entry?.imports ?? [])])
        const files: string[] = []
        const visit = (fileName: string) => {
          if (known.has(fileName)) return
          known.add(fileName)
          files.push(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep)
        }
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module))
          if (!chunk) throw new Error(`No chunk for ${module} to preload`)
          visit(chunk.fileName)
        }
        // Their stylesheets too, fetched early but applied only when the chunk asks for them.
        const styles = files.flatMap((file) => {
          const chunk = bundle[file]
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : []
        })
        return [
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ]
      },
    },
  }
}

const firstScreens = firstScreenChunks(process.env)

export default defineConfig({
  plugins: [react(), preloadRouteChunks(['/src/features/auth/LoginPage.tsx']), ...firstScreens.plugins],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Chunks named by their hash alone: the entry lists every lazy route's chunks by file name (to
    // preload them with the route), and module names in those ~300 names weighed on /login's budget
    // (docs/decisions.md, "Import").
    rolldownOptions: {
      output: { chunkFileNames: 'assets/c-[hash].js', codeSplitting: firstScreens.codeSplitting },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
})
