import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress.mjs'
import { buildApp } from '../src/app.ts'
import { startTestServer, type TestServer } from './helpers.ts'

// What goes over the wire: hashed assets precompressed at build time, JSON compressed above a small
// size, both with Content-Encoding and Vary set (docs/decisions.md, "Performance").
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-dist-'))
const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))}\n`
let server: TestServer
let web: FastifyInstance

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Daftar</title>')
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), script)
  fs.writeFileSync(path.join(dist, 'assets/tiny-abc123.js'), 'export {}\n')
  precompress(dist)
  server = await startTestServer()
  web = await buildApp(server.deps, { webDist: dist })
  await web.ready()
})
afterAll(async () => {
  await web?.close()
  await server?.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('static assets', () => {
  it('answer 404 in JSON for a file gone since the server started (a new build replaced it)', async () => {
    fs.writeFileSync(path.join(dist, 'assets/old-abc123.js'), script)
    const app = await buildApp(server.deps, { webDist: dist })
    await app.ready()
    try {
      fs.rmSync(path.join(dist, 'assets/old-abc123.js'))
      for (const encoding of ['br', '']) {
        const res = await app.inject({
          url: '/assets/old-abc123.js',
          headers: { 'accept-encoding': encoding },
        })
        expect(res.statusCode, encoding).toBe(404)
        expect(res.headers['content-type']).toMatch(/^application\/json/)
        expect(res.json()).toEqual({ error: 'Not found.' })
      }
    } finally {
      await app.close()
    }
  })

  it('are precompressed at build time, brotli and gzip, and only where it pays', () => {
    expect(fs.existsSync(path.join(dist, 'assets/index-abc123.js.br'))).toBe(true)
    expect(fs.existsSync(path.join(dist, 'assets/index-abc123.js.gz'))).toBe(true)
    expect(fs.existsSync(path.join(dist, 'assets/tiny-abc123.js.gz'))).toBe(false)
  })

  it('go out brotli-encoded to a browser that accepts it', async () => {
    const res = await web.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.rawPayload.length).toBeLessThan(script.length / 4)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script)
  })

  it('go out gzip-encoded when brotli is not accepted, and plain when nothing is', async () => {
    const gz = await web.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await web.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': '' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })
})

describe('JSON answers', () => {
  it('are compressed above the threshold', async () => {
    const res = await server.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString())
    expect(body.openapi).toMatch(/^3/)

    const gz = await server.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toMatch(/^3/)
  })

  it('are sent as they are when small', async () => {
    const res = await server.app.inject({ url: '/api/nothing-here', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual({ error: 'Not found.' })
  })
})
