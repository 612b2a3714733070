import https from 'node:https'
import { isIP } from 'node:net'
import webpush from 'web-push'
import {
  isPublicAddress,
  PrivateAddressError,
  publicOnlyLookup,
  resolvesToPublicHost,
} from './public-address.ts'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushSender {
  publicKey: string
  /** True when the endpoint is https on a host that resolves only to public addresses. */
  acceptsEndpoint(endpoint: string): Promise<boolean>
  /**
   * Resolves with the push service's status; 404 and 410 mean the subscription is gone, and so does an
   * endpoint that now resolves to a private address (PushGoneError either way).
   */
  send(target: PushTarget, payload: string): Promise<number>
}

export class PushGoneError extends Error {}

export interface PushNetworkOptions {
  /** Extra certificate authorities (tests run a local push service). */
  ca?: Buffer
  /** Addresses allowed although not public (tests only; never configurable from the environment). */
  allowAddresses?: readonly string[]
}

/**
 * web-push with this deployment's VAPID keys. Every connection goes through an agent whose DNS lookup
 * refuses private addresses, so a subscription cannot make the server call into its own network, even
 * when its host's DNS changes after it was accepted (docs/security.md).
 */
export function createPushSender(
  vapid: { publicKey: string; privateKey: string },
  subject: string,
  network: PushNetworkOptions = {},
): PushSender {
  const allow = network.allowAddresses ?? []
  const agent = new https.Agent({
    ...(network.ca ? { ca: network.ca } : {}),
    lookup: publicOnlyLookup(allow) as never,
  })
  return {
    publicKey: vapid.publicKey,
    async acceptsEndpoint(endpoint) {
      return endpoint.startsWith('https://') && (await resolvesToPublicHost(endpoint, allow))
    },
    async send(target, payload) {
      // A literal address never reaches the agent's lookup: check it here.
      const host = new URL(target.endpoint).hostname.replace(/^\[(.*)\]$/, '$1')
      if (isIP(host) && !isPublicAddress(host, allow))
        throw new PushGoneError(`refused: ${host} is not a public address`)
      try {
        const result = await webpush.sendNotification(target, payload, {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 3600,
          timeout: 10_000,
          agent,
        })
        return result.statusCode
      } catch (error) {
        if (error instanceof PrivateAddressError || findPrivateAddressError(error))
          throw new PushGoneError('refused: the endpoint resolves to a private address')
        const status = (error as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) throw new PushGoneError(`subscription gone (${status})`)
        throw error
      }
    },
  }
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys()
}

function findPrivateAddressError(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === 'EPRIVATEADDRESS' || current instanceof PrivateAddressError) return true
    current = current.cause as typeof current
  }
  return false
}
