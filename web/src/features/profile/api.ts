import { api } from '../../api/client.ts'

export const profileApi = {
  changePassword: (userId: string, currentPassword: string, newPassword: string) =>
    api<{ message: string }>(`/users/${userId}/change-password`, {
      method: 'PUT',
      body: { currentPassword, newPassword },
    }),
  update: (userId: string, form: FormData, version: number) =>
    api<{ message: string }>(`/users/${userId}`, {
      method: 'PUT',
      body: form,
      headers: { 'if-match': String(version) },
    }),
}
