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

export const technicalInfoMessages = {
  titleRequired: 'Title is required.',
  notFound: 'Technical info entry not found.',
} as const

export const TECH_TITLE_PREVIEW = 60
export const TECH_TEXT_PREVIEW = 50
export const TECH_KEYWORDS_SHOWN = 3

export const technicalInfoSorts = [...bothWays('title'), ...changeSorts] as const
export type TechnicalInfoSort = (typeof technicalInfoSorts)[number]
export const technicalInfoListQuery = registerListQuery(technicalInfoSorts, 'title_asc')

/** A keyword as stored: trimmed and lowercased. */
export const normaliseKeyword = (keyword: string) => keyword.trim().toLowerCase()

/**
 * Keywords are trimmed and lowercased; blanks and repeats are dropped, and a comma separates keywords
 * as it does when typed (docs/product.md, "Technical information").
 */
export const keywordList = z
  .array(z.string().max(60))
  .max(50)
  .nullish()
  .transform((list) => [
    ...new Set(
      (list ?? [])
        .flatMap((k) => k.split(','))
        .map(normaliseKeyword)
        .filter(Boolean),
    ),
  ])

/** The proposed data of a TECHNICAL_INFO action. */
export const technicalInfoData = z.object({
  title: requiredText(technicalInfoMessages.titleRequired, 300),
  keywords: keywordList,
  when_to_use: optionalText(5000),
  prerequisites: optionalText(5000),
  description: optionalText(20000),
  formula: optionalText(5000),
  steps: optionalText(20000),
})
export type TechnicalInfoData = z.output<typeof technicalInfoData>

const text = z.string().nullable()

/** What the list shows of an entry, and its detail begins with. */
const technicalInfoSummary = {
  technical_info_id: z.string(),
  title: z.string(),
  keywords: z.array(z.string()),
  when_to_use: text,
  prerequisites: text,
}

export const technicalInfoListItem = z.object({ ...technicalInfoSummary, updated_at: instant })
export type TechnicalInfoListItem = z.infer<typeof technicalInfoListItem>
/** The spec names the rows of this list `technicalInfo`. */
export const technicalInfoList = pageOf('technicalInfo', technicalInfoListItem)

export const technicalInfoDetail = z.object({
  ...technicalInfoSummary,
  description: text,
  formula: text,
  steps: text,
  ...registerDetailTail,
})
export type TechnicalInfoDetail = z.infer<typeof technicalInfoDetail>

/** The first `max` characters and an ellipsis when there is more. */
export function truncate(value: string | null | undefined, max: number): string {
  if (!value) return ''
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value
}

export const technicalInfoEndpoints = {
  ...registerReadEndpoints('/technical-info', technicalInfoListQuery, technicalInfoList, technicalInfoDetail),
  ...registerWriteEndpoints('/technical-info', technicalInfoData),
}
