import { describe, expect, it } from 'vitest'
import { isPublicAddress } from '../src/platform/public-address.ts'

describe('which addresses a push endpoint may reach', () => {
  it('refuses loopback and private IPv4 however IPv6 writes it', () => {
    for (const address of [
      '::7f00:1', // IPv4-compatible, hex
      '::127.0.0.1',
      '::ffff:0:7f00:1', // IPv4-translated
      '::ffff:0:127.0.0.1',
      '::ffff:7f00:1', // IPv4-mapped, hex
      '::ffff:127.0.0.1',
      '::ffff:a00:1', // 10.0.0.1
      '::ffff:c0a8:101', // 192.168.1.1
      '::ffff:a9fe:a9fe', // 169.254.169.254, cloud metadata
      '0:0:0:0:0:ffff:7f00:1',
      '::1',
      '::',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('lets public addresses through, in IPv4 and IPv6 and mapped forms', () => {
    for (const address of [
      '93.184.216.34',
      '::ffff:5db8:d822',
      '::ffff:93.184.216.34',
      '2606:4700:4700::1111',
    ])
      expect(isPublicAddress(address), address).toBe(true)
  })
})
