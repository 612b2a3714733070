/** Web push: the browser's subscription, sent once signed in and removed at sign-out. */
import { z } from 'zod'
import { messageResponse, toMessage } from './contract.ts'
import { endpoint } from './http.ts'
import { vapidPublicKeyResponse } from './notifications.ts'

export const pushMessages = {
  denied: 'Notification permission was denied.',
  failed: 'Failed to subscribe to push notifications.',
  endpointNotHttps: 'Push endpoints must use https.',
  notPublic: 'Push endpoints must be https addresses of a public push service.',
  heldByAnother: 'This browser is subscribed for another user. Sign out there first.',
  subscribed: 'Subscribed to push notifications.',
  unsubscribed: 'Unsubscribed from push notifications.',
} as const

/** What `PushSubscription.toJSON()` gives: the push service's address and the keys to encrypt with. */
export const pushSubscribeInput = z.object({
  subscription: z.object({
    endpoint: z
      .string()
      .url()
      .max(2000)
      .refine((v) => v.startsWith('https://'), pushMessages.endpointNotHttps),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  }),
})
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>

export const pushUnsubscribeInput = z.object({ endpoint: z.string().min(1).max(2000) })

export const pushEndpoints = {
  publicKey: endpoint('GET', '/notifications/vapid-public-key', {
    response: { 200: vapidPublicKeyResponse },
  }),
  subscribe: endpoint('POST', '/notifications/subscribe', {
    body: pushSubscribeInput,
    response: { 201: messageResponse },
  }),
  unsubscribe: endpoint('POST', '/notifications/unsubscribe', { ...toMessage, body: pushUnsubscribeInput }),
}
