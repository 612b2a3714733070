import { z } from 'zod'

export const DEFAULT_CATEGORY_COLOR = '#f0f0f0'

/** A task category as GET /categories lists it, with the version its edit sends back. */
export const category = z.object({
  category_id: z.string(),
  category_name: z.string(),
  category_color: z.string(),
  version: z.number().int(),
})
export type Category = z.infer<typeof category>

/** POST and PUT /categories. */
export const categoryChangeResponse = z.object({ message: z.string(), category })

export const categoryInput = z.object({
  category_name: z.string().trim().min(1, 'Category name is required.').max(60),
  category_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #1e88e5.')
    .transform((v) => v.toLowerCase()),
})
export type CategoryInput = z.infer<typeof categoryInput>
