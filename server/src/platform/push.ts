import type { Agent } from 'node:https'
import webpush from 'web-push'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushSender {
  publicKey: string
  /** Resolves with the push service's status; 404 and 410 mean the subscription is gone. */
  send(target: PushTarget, payload: string): Promise<number>
}

export class PushGoneError extends Error {}

/** web-push with this deployment's VAPID keys. `agent` lets tests trust a local push endpoint. */
export function createPushSender(
  vapid: { publicKey: string; privateKey: string },
  subject: string,
  agent?: Agent,
): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(target, payload) {
      try {
        const result = await webpush.sendNotification(target, payload, {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 3600,
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        })
        return result.statusCode
      } catch (error) {
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
