import { hash, verify } from '@node-rs/argon2'

// argon2id, 19 MiB, t=2, p=1: OWASP's minimum recommendation (docs/security.md, "V6 Authentication").
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password)
  } catch {
    return false
  }
}

/** A valid hash of a random password, verified against when the identifier is unknown so that timing
 * does not reveal which accounts exist. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`)
  return dummyHash
}
