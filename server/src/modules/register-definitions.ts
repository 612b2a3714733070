import type { RegisterDefinition } from '../platform/registers.ts'
import { clientRegister } from './clients/register.ts'
import { projectRegister } from './projects/register.ts'
import { supplierRegister } from './suppliers/register.ts'

/** Every register plugged into the approval queue, access lists and documents. */
export const registerDefinitions: RegisterDefinition[] = [clientRegister, projectRegister, supplierRegister]
