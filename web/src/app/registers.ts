/**
 * The registers built so far, by entity type: the router makes their pages from these, and the
 * approval queue takes their field labels and forms from them. Each loads on first use.
 */
import type { EntityType } from '@daftar/domain/registers'
import { useQuery } from '@tanstack/react-query'
import type { AnyRegister } from '../ui/register-kit/define.ts'

type Load = () => Promise<{ register: AnyRegister }>

export const registerLoaders: Partial<Record<EntityType, Load>> = {
  CLIENT: () => import('../features/clients/register.tsx'),
  PROJECT: () => import('../features/projects/register.tsx'),
  SUPPLIER: () => import('../features/suppliers/register.tsx'),
  TECHNICAL_INFO: () => import('../features/technical-info/register.tsx'),
  ASSET: () => import('../features/assets/register.tsx'),
  EMPLOYEE: () => import('../features/employees/register.tsx'),
  COLLECTION: () => import('../features/collections/register.tsx'),
}

/** The declaration of a register, loaded on first use; undefined while loading or when not built. */
export function useRegisterDeclaration(entityType: EntityType): { register?: AnyRegister; loading: boolean } {
  const load = registerLoaders[entityType]
  const query = useQuery({
    queryKey: ['register-declaration', entityType],
    queryFn: async () => (await load!()).register,
    enabled: Boolean(load),
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  })
  return { register: query.data, loading: Boolean(load) && query.isPending }
}
