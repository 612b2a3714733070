import { type PushSubscribeInput, pushEndpoints, pushMessages } from '@daftar/domain/push'
import { useSyncExternalStore } from 'react'
import { call } from '../../api/client.ts'

const ASKED_KEY = 'daftar.pushPermissionAsked'

/*
 * Why this browser gets no push notifications, said once and quietly as a line in the user menu
 * rather than as a red toast at sign-in: the browser blocking them is the user's choice.
 */
let note: string | null = null
const listeners = new Set<() => void>()
function setNote(value: string | null) {
  note = value
  for (const listener of listeners) listener()
}
export function usePushNote(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => note,
  )
}

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
 * Once signed in (docs/product.md, "Notifications"), register the service worker; without a subscription, ask for permission
 * and subscribe; either way tell the server which user this browser now belongs to.
 */
export async function enablePush(): Promise<void> {
  if (!supported()) return
  try {
    const registration = await navigator.serviceWorker.register('/sw.js')
    let subscription = await registration.pushManager.getSubscription()
    if (!subscription) {
      if (Notification.permission === 'denied') return setNote(pushMessages.denied) // it will not ask again
      if (Notification.permission === 'default') {
        // Ask once per browser: a dismissed prompt is an answer too, and asking at every visit nags.
        if (localStorage.getItem(ASKED_KEY)) return
        localStorage.setItem(ASKED_KEY, new Date().toISOString())
        if ((await Notification.requestPermission()) !== 'granted') {
          return setNote(pushMessages.denied)
        }
      }
      const { publicKey } = await call(pushEndpoints.publicKey)
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      })
    }
    // The browser's JSON has every field the push service gave it; the server checks them all.
    const json = subscription.toJSON() as PushSubscribeInput['subscription']
    await call(pushEndpoints.subscribe, { body: { subscription: json } })
    setNote(null)
  } catch {
    setNote(pushMessages.failed)
  }
}

/** On logout this device stops receiving the user's notifications. */
export async function disablePush(): Promise<void> {
  if (!supported()) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  if (!subscription) return
  await call(pushEndpoints.unsubscribe, { body: { endpoint: subscription.endpoint } }).catch(() => {})
  await subscription.unsubscribe().catch(() => false)
}
