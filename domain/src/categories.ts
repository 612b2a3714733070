import { z } from 'zod'
import { idTo, idToMessage } from './contract.ts'
import { endpoint } from './http.ts'

export const DEFAULT_CATEGORY_COLOR = '#f0f0f0'

export const categoryMessages = {
  nameRequired: 'Category name is required.',
  invalidColour: 'Colour must be a hex colour such as #1e88e5.',
  duplicate: 'A category with this name already exists.',
  notFound: 'Category not found.',
  created: 'Category created.',
  updated: 'Category updated.',
  deleted: 'Category deleted.',
} as const

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
  category_name: z.string().trim().min(1, categoryMessages.nameRequired).max(60),
  category_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, categoryMessages.invalidColour)
    .transform((v) => v.toLowerCase()),
})
export type CategoryInput = z.infer<typeof categoryInput>

/** Everyone reads the categories; only admins change them. */
export const categoryEndpoints = {
  list: endpoint('GET', '/categories', { response: { 200: z.array(category) } }),
  create: endpoint('POST', '/categories', { body: categoryInput, response: { 201: categoryChangeResponse } }),
  update: endpoint('PUT', '/categories/:id', { ...idTo(categoryChangeResponse), body: categoryInput }),
  remove: endpoint('DELETE', '/categories/:id', idToMessage),
}
