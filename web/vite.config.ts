import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiTarget = process.env.DAFTAR_API_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
})
