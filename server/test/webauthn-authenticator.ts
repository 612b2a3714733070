import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/*
 * A software passkey authenticator for API tests: what a phone or security key does in a WebAuthn
 * ceremony — an ES256 key pair per credential, 'none' attestation, user presence and verification —
 * written out from the WebAuthn Level 3 data layouts, so the server's real verification runs on it.
 */

type CBOR = Parameters<typeof isoCBOR.encode>[0]

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest()

/** User present (0x01) and verified (0x04); attested credential data follows (0x40). */
const UP = 0x01
const UV = 0x04
const AT = 0x40

interface StoredCredential {
  id: Buffer
  privateKey: KeyObject
  publicKey: KeyObject
  userHandle: string
  rpId: string
  counter: number
}

interface CreationOptions {
  challenge: string
  rp: { id: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId: string
}

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
}

export function createAuthenticator(options: { userVerification?: boolean } = {}) {
  const flags = UP | (options.userVerification === false ? 0 : UV)
  const credentials: StoredCredential[] = []

  return {
    credentials,
    /** navigator.credentials.create(), as JSON: a new credential for `options.rp.id`. */
    create(creation: CreationOptions, origin: string) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const id = randomBytes(32)
      const credential = {
        id,
        privateKey,
        publicKey,
        userHandle: creation.user.id,
        rpId: creation.rp.id,
        counter: 0,
      }
      credentials.push(credential)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const authData = Buffer.concat([
        sha256(creation.rp.id),
        Buffer.from([flags | AT]),
        Buffer.alloc(4), // sign count 0
        Buffer.alloc(16), // AAGUID: none
        idLength,
        id,
        coseKeyOf(publicKey),
      ])
      const attestation: CBOR = new Map<string, CBOR>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', Uint8Array.from(authData)],
      ])
      const attestationObject = isoCBOR.encode(attestation)
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      }
    },
    /** navigator.credentials.get(), as JSON: an assertion by `credential` (the first one by default). */
    get(request: RequestOptions, origin: string, credential = credentials[0]!) {
      credential.counter += 1
      const count = Buffer.alloc(4)
      count.writeUInt32BE(credential.counter)
      const authenticatorData = Buffer.concat([sha256(request.rpId), Buffer.from([flags]), count])
      const clientDataJSON = clientData('webauthn.get', request.challenge, origin)
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        credential.privateKey,
      )
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
      }
    },
  }
}
