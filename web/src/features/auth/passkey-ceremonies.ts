import { type addPasskeyInput, passkeyEndpoints, passkeyMessages } from '@daftar/domain/passkeys'
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import type { z } from 'zod'
import { call } from '../../api/client.ts'

/*
 * The two passkey ceremonies, each a server call, the browser's WebAuthn dialog and a second call.
 * Loaded only when a passkey button is pressed, so the sign-in page's first JavaScript stays small
 * (docs/decisions.md, "Passkeys").
 */

/** What the browser's own refusals mean to the person who pressed the button. */
export class PasskeyCancelled extends Error {}

async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony()
  } catch (error) {
    if (error instanceof WebAuthnError || (error instanceof DOMException && error.name === 'NotAllowedError'))
      throw new PasskeyCancelled(describe(error))
    throw error
  }
}

function describe(error: Error): string {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return passkeyMessages.alreadyRegistered
  return 'No passkey was used: the request was cancelled or timed out.'
}

/** Adds a passkey to the signed-in account: the password, the browser's dialog, then the name. */
export async function addPasskey(values: { password: string; name: string }) {
  const ceremony = await call(passkeyEndpoints.registrationOptions, { body: { password: values.password } })
  const credential = await inBrowser(() => startRegistration({ optionsJSON: ceremony.options as never }))
  const body: z.input<typeof addPasskeyInput> = {
    challengeToken: ceremony.challengeToken,
    name: values.name,
    credential: credential as z.input<typeof addPasskeyInput>['credential'],
  }
  return call(passkeyEndpoints.add, { body })
}

/** Signs in with any passkey of this site the browser holds: the tokens of a new session. */
export async function signInWithPasskey() {
  const ceremony = await call(passkeyEndpoints.signInOptions)
  const credential = await inBrowser(() => startAuthentication({ optionsJSON: ceremony.options as never }))
  return call(passkeyEndpoints.signIn, {
    body: { challengeToken: ceremony.challengeToken, credential: credential as never },
  })
}
