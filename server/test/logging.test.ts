import { describe, expect, it } from 'vitest'
import { redactUrl } from '../src/bootstrap.ts'

describe('request logs', () => {
  it('never carry a password from the address', () => {
    expect(redactUrl('/api/documents/1?password=hunter2')).toBe('/api/documents/1?password=[REDACTED]')
    expect(redactUrl('/api/x?a=1&Password=s3cret&b=2')).toBe('/api/x?a=1&Password=[REDACTED]&b=2')
    expect(redactUrl('/api/tasks?page=2')).toBe('/api/tasks?page=2')
  })
})
