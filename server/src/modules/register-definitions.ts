import type { RegisterDefinition } from '../platform/registers.ts'
import { assetRegister } from './assets/register.ts'
import { clientRegister } from './clients/register.ts'
import { collectionRegister } from './collections/register.ts'
import { employeeRegister } from './employees/register.ts'
import { projectRegister } from './projects/register.ts'
import { supplierRegister } from './suppliers/register.ts'
import { technicalInfoRegister } from './technical-info/register.ts'

/** Every register plugged into the approval queue, access lists and documents. */
export const registerDefinitions: RegisterDefinition[] = [
  clientRegister,
  projectRegister,
  supplierRegister,
  technicalInfoRegister,
  assetRegister,
  employeeRegister,
  collectionRegister,
]
