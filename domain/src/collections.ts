import { z } from 'zod'
import { instant, pageOf, registerDetailTail, requiredText } from './contract.ts'
import {
  bothWays,
  changeSorts,
  optionalText,
  registerListQuery,
  registerReadEndpoints,
  registerWriteEndpoints,
} from './registers.ts'

export const collectionMessages = {
  nameRequired: 'Collection name is required.',
  notFound: 'Collection not found.',
} as const

export const COLLECTION_DESCRIPTION_PREVIEW = 100
export const collectionSorts = [...bothWays('name'), ...changeSorts] as const
export type CollectionSort = (typeof collectionSorts)[number]
export const collectionListQuery = registerListQuery(collectionSorts, 'name_asc')

/** The proposed data of a COLLECTION action: an internal-document collection. */
export const collectionData = z.object({
  name: requiredText(collectionMessages.nameRequired, 200),
  description: optionalText(5000),
})
export type CollectionData = z.output<typeof collectionData>

export const collectionListItem = z.object({
  collection_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  updated_at: instant,
})
export type CollectionListItem = z.infer<typeof collectionListItem>
export const collectionList = pageOf('collections', collectionListItem)

export const collectionDetail = z.object({
  collection_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ...registerDetailTail,
})
export type CollectionDetail = z.infer<typeof collectionDetail>

export const collectionEndpoints = {
  ...registerReadEndpoints('/collections', collectionListQuery, collectionList, collectionDetail),
  ...registerWriteEndpoints('/collections', collectionData),
}
