export { organisations } from '../../platform/identity-schema.ts'
