import type { AdminUser, User } from '@daftar/domain'
import type { users } from './schema.ts'

type UserRow = typeof users.$inferSelect

export function presentUser(row: UserRow): User {
  return {
    user_id: row.userId,
    username: row.username,
    full_name: row.fullName,
    designation: row.designation,
    employee_id: row.employeeId,
    display_photo: row.displayPhoto,
    isadmin: row.isAdmin,
    is_accountant: row.isAccountant,
  }
}

export function presentAdminUser(row: UserRow): AdminUser {
  return {
    ...presentUser(row),
    email: row.email,
    mobile: row.mobile,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }
}
