import { api } from '../../api/client.ts'
import type { Tokens } from '../../api/session.ts'

export const authApi = {
  login: (identifier: string, password: string) =>
    api<Tokens>('/auth/login', { method: 'POST', body: { identifier, password } }),
  forgotPassword: (identifier: string) =>
    api<{ message: string }>('/auth/forgot-password', { method: 'POST', body: { identifier } }),
  resetPassword: (identifier: string, otp: string, newPassword: string) =>
    api<{ message: string }>('/auth/reset-password', {
      method: 'POST',
      body: { identifier, otp, newPassword },
    }),
}
