export { users } from '../../platform/identity-schema.ts'
