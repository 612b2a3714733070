export { passwordResets, refreshTokens, sessions } from '../../platform/identity-schema.ts'
