import type { AdminSettings, AdminUser, Category, OrganisationBilling } from '@daftar/domain'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export type Settings = AdminSettings

export const settingsQuery = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: ({ signal }) => api<Settings>('/admin/settings', { signal }),
  staleTime: 60_000,
})

const ifMatch = (version: number) => ({ 'if-match': String(version) })

export const adminApi = {
  /** The name and, when given, the invoice details (GSTIN, address, bank, UPI id). */
  renameOrganisation: (name: string, version: number, billing: Partial<OrganisationBilling> = {}) =>
    api<{ message: string }>('/admin/organisation', {
      method: 'PUT',
      body: { name, ...billing },
      headers: ifMatch(version),
    }),
  updateUser: (
    id: string,
    change: Partial<Pick<AdminUser, 'isadmin' | 'is_accountant' | 'is_active'>>,
    version: number,
  ) =>
    api<{ message: string }>(`/admin/users/${id}`, {
      method: 'PUT',
      body: change,
      headers: ifMatch(version),
    }),
  createCategory: (input: Pick<Category, 'category_name' | 'category_color'>) =>
    api<{ message: string }>('/categories', { method: 'POST', body: input }),
  updateCategory: (id: string, input: Pick<Category, 'category_name' | 'category_color'>, version: number) =>
    api<{ message: string }>(`/categories/${id}`, { method: 'PUT', body: input, headers: ifMatch(version) }),
  deleteCategory: (id: string) => api<{ message: string }>(`/categories/${id}`, { method: 'DELETE' }),
}
