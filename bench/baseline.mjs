// The bare baseline of `npm run bench`: Fastify with nothing registered but one route that answers
// each request with the JSON body the real server gave for the same method and path, from memory.
// Started by bench/run.mjs with the bodies in a file; prints its port.
import fs from 'node:fs'
import Fastify from 'fastify'

const bodies = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
/** Ids in paths vary per request on the write paths: they are matched as `:id`. */
const key = (method, url) =>
  `${method} ${url.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')}`
const answers = new Map(Object.entries(bodies))

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 })
// Bodies arrive (multipart for tasks) and are read, as the real server reads them, then ignored.
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
app.all('/*', (request, reply) => {
  const answer = answers.get(key(request.method, request.url))
  if (!answer) return reply.code(404).send({ error: 'Not found.' })
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body)
})
await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`baseline listening on ${app.server.address().port}`)
