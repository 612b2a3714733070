export {
  loginChallenges,
  passkeyChallenges,
  passkeys,
  passwordResets,
  recoveryCodes,
  refreshTokens,
  sessions,
  signIns,
  twoFactor,
} from '../../platform/identity-schema.ts'
