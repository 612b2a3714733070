import type { User } from '@daftar/domain'
import type { Category } from '@daftar/domain/categories'

/** A person as the task dialogs list one to pick: 'Asha Verma (asha)'. */
export const personLabel = (u: Pick<User, 'full_name' | 'username'>) => `${u.full_name} (${u.username})`

/** The task categories as a picker's options, each chosen by its id. */
export const categoryOptions = (categories: readonly Category[] = []) =>
  categories.map((c) => ({ value: c.category_id, label: c.category_name }))
