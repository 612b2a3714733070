import { z } from 'zod'

export const DEFAULT_CATEGORY_COLOR = '#f0f0f0'

export interface Category {
  category_id: string
  category_name: string
  category_color: string
}

export const categoryInput = z.object({
  category_name: z.string().trim().min(1, 'Category name is required.').max(60),
  category_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #1e88e5.')
    .transform((v) => v.toLowerCase()),
})
export type CategoryInput = z.infer<typeof categoryInput>
