import { createHash, randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_TOKEN_TTL_DAYS = 30

const ISSUER = 'daftar'
const AUDIENCE = 'daftar-api'
const TYPE = 'access+jwt'

export interface AccessClaims {
  userId: string
  orgId: string
  sessionId: string
}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret)
  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      return new SignJWT({ org: claims.orgId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key)
    },
    /** Null for anything that is not a live access token of ours: expired, altered, or another kind. */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
        })
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.org !== 'string' ||
          typeof payload.sid !== 'string'
        ) {
          return null
        }
        return { userId: payload.sub, orgId: payload.org, sessionId: payload.sid }
      } catch {
        return null
      }
    },
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>

/** 256-bit opaque refresh token; only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
