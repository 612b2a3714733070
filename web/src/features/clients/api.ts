import type { ClientData, ClientSort } from '@daftar/domain/clients'
import type { AccessPermissions, ContactRow } from '@daftar/domain/registers'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { RecordAccess } from '../../ui/access-api.ts'
import type { ChangeResult } from '../../ui/register-pages.tsx'

const FIVE_MINUTES = 5 * 60_000

export interface ClientListItem {
  client_id: string
  client_id_display: string
  name: string
  gstin: string | null
  contact_person_name: string | null
  contact_person_phone: string | null
  contact_person_email: string | null
  updated_at: string
}

export interface ClientDetail {
  client_id: string
  client_id_display: string
  name: string
  office_address: string | null
  gstin: string | null
  pan: string | null
  contacts: ContactRow[]
  notes: string | null
  created_by_username: string | null
  created_at: string
  updated_by_username: string | null
  updated_at: string
  version: number
  access_level: RecordAccess
}

export interface ClientListParams {
  page: number
  searchQuery: string
  sortBy: ClientSort
}

export const clientListQuery = (params: ClientListParams) =>
  queryOptions({
    queryKey: ['clients', 'list', params],
    queryFn: ({ signal }) =>
      api<{ clients: ClientListItem[]; totalPages: number; currentPage: number }>('/clients', {
        query: { ...params },
        signal,
      }),
    staleTime: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  })

export const clientDetailQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['clients', 'detail', clientId],
    queryFn: ({ signal }) => api<ClientDetail>(`/clients/${clientId}`, { signal }),
    staleTime: FIVE_MINUTES,
  })

export const clientsApi = {
  create: (data: ClientData, accessPermissions: AccessPermissions) =>
    api<ChangeResult>('/clients', { method: 'POST', body: { ...data, accessPermissions } }),
  update: (clientId: string, data: ClientData, version: number) =>
    api<ChangeResult>(`/clients/${clientId}`, {
      method: 'PUT',
      body: data,
      headers: { 'if-match': String(version) },
    }),
}

export const clientSortOptions: { value: ClientSort; label: string }[] = [
  { value: 'name_asc', label: 'Name A-Z' },
  { value: 'name_desc', label: 'Name Z-A' },
  { value: 'contact_person_asc', label: 'Contact Person A-Z' },
  { value: 'contact_person_desc', label: 'Contact Person Z-A' },
  { value: 'last_updated', label: 'Last Updated' },
  { value: 'first_added', label: 'First Added' },
]
