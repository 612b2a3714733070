export {
  loginChallenges,
  passwordResets,
  recoveryCodes,
  refreshTokens,
  sessions,
  signIns,
  twoFactor,
} from '../../platform/identity-schema.ts'
