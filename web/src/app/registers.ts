/**
 * The registers, by entity type: the router makes their pages from these, and the approval queue
 * takes their field labels and forms from them. Each declaration loads on first use.
 */
import type { EntityType } from '@daftar/domain/registers'
import { useQuery } from '@tanstack/react-query'
import type { RegisterTypes } from '../ui/register-kit/define.ts'
import type { OpenRegister, RegisterLoader } from '../ui/register-kit/routes.tsx'

export type { OpenRegister }

interface RegisterEntry<T extends RegisterTypes> extends RegisterLoader<T> {
  open(): Promise<OpenRegister>
}

function entry<T extends RegisterTypes>(load: RegisterLoader<T>['load']): RegisterEntry<T> {
  return {
    load,
    open: async () => {
      const { register } = await load()
      return (use) => use(register)
    },
  }
}

export const registerLoaders = {
  CLIENT: entry(() => import('../features/clients/register.tsx')),
  PROJECT: entry(() => import('../features/projects/register.tsx')),
  SUPPLIER: entry(() => import('../features/suppliers/register.tsx')),
  TECHNICAL_INFO: entry(() => import('../features/technical-info/register.tsx')),
  ASSET: entry(() => import('../features/assets/register.tsx')),
  EMPLOYEE: entry(() => import('../features/employees/register.tsx')),
  COLLECTION: entry(() => import('../features/collections/register.tsx')),
} satisfies Record<EntityType, { open(): Promise<OpenRegister> }>

/** The declaration of a register, loaded on first use; undefined while loading or if it failed to load. */
export function useRegisterDeclaration(entityType: EntityType): { open?: OpenRegister; loading: boolean } {
  const query = useQuery({
    queryKey: ['register-declaration', entityType],
    queryFn: () => registerLoaders[entityType].open(),
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  })
  return { open: query.data, loading: query.isPending }
}
