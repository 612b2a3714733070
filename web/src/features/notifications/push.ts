import { api } from '../../api/client.ts'
import { notifyError } from '../../ui/notify.ts'

export const pushMessages = {
  denied: 'Notification permission was denied.',
  failed: 'Failed to subscribe to push notifications.',
} as const

const ASKED_KEY = 'daftar.pushPermissionAsked'

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/**
 * Spec §4: once signed in, register the service worker; without a subscription, ask for permission
 * and subscribe; either way tell the server which user this browser now belongs to.
 */
export async function enablePush(): Promise<void> {
  if (!supported()) return
  try {
    const registration = await navigator.serviceWorker.register('/sw.js')
    let subscription = await registration.pushManager.getSubscription()
    if (!subscription) {
      if (Notification.permission === 'denied') return // refused before; the browser will not ask again
      if (Notification.permission === 'default') {
        // Ask once per browser: a dismissed prompt is an answer too, and asking at every visit nags.
        if (localStorage.getItem(ASKED_KEY)) return
        localStorage.setItem(ASKED_KEY, new Date().toISOString())
        if ((await Notification.requestPermission()) !== 'granted') {
          notifyError(pushMessages.denied)
          return
        }
      }
      const { publicKey } = await api<{ publicKey: string }>('/notifications/vapid-public-key')
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      })
    }
    await api('/notifications/subscribe', { method: 'POST', body: { subscription: subscription.toJSON() } })
  } catch {
    notifyError(pushMessages.failed)
  }
}

/** On logout this device stops receiving the user's notifications. */
export async function disablePush(): Promise<void> {
  if (!supported()) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  if (!subscription) return
  await api('/notifications/unsubscribe', {
    method: 'POST',
    body: { endpoint: subscription.endpoint },
  }).catch(() => {})
  await subscription.unsubscribe().catch(() => false)
}
