/**
 * The home page (`GET /home`): where a person's day starts. One answer holds every section the caller
 * may see; a section their role may not see is absent, not empty (docs/decisions.md, "The home page").
 */
import { z } from 'zod'
import { aging } from './accounts-contract.ts'
import { endpoint } from './http.ts'
import { actionStatuses } from './registers.ts'

/** Items a section lists; its count covers them all. */
export const HOME_ITEMS = 5
/** Decided register requests stay on the requester's home this many days, with their outcome. */
export const HOME_DECIDED_DAYS = 7
/** Bills due within this many days, and assets whose maintenance falls due within it. */
export const HOME_DUE_DAYS = 7

/** One line of a section: a link to the record. */
export const homeItem = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The app's own address of the record. */
  url: z.string(),
  /** A due day (YYYY-MM-DD) or the moment it happened (ISO); null where none applies. */
  date: z.string().nullable(),
})
export type HomeItem = z.infer<typeof homeItem>

/** A register request of the caller's, with where it stands. */
export const homeRequestItem = homeItem.extend({ status: z.enum(actionStatuses) })
export type HomeRequestItem = z.infer<typeof homeRequestItem>

/** An invoice or bill with what is still due on it. */
export const homeMoneyItem = homeItem.extend({ amount: z.number() })
export type HomeMoneyItem = z.infer<typeof homeMoneyItem>

const sectionOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int().min(0), items: z.array(item) })

export const homeSection = sectionOf(homeItem)
export type HomeSection = z.infer<typeof homeSection>
export const homeRequestSection = sectionOf(homeRequestItem)
/** The section's total due (`amount`) and the aging strip of every live document of its kind. */
export const homeMoneySection = sectionOf(homeMoneyItem).extend({ amount: z.number(), aging })
export type HomeMoneySection = z.infer<typeof homeMoneySection>

export const homeResponse = z.object({
  /** Open tasks assigned to me whose deadline is today, in the organisation's time zone. */
  tasks_due_today: homeSection,
  /** Open tasks assigned to me whose deadline has passed. */
  tasks_overdue: homeSection,
  /** Tasks I created that wait for my approval. */
  my_approvals: homeSection,
  /** Non-admins: my register requests still pending, and those decided in the last 7 days. */
  my_requests: homeRequestSection.optional(),
  /** Admins: the approval queue. */
  pending_requests: homeSection.optional(),
  /** Reports sent to me that are still open. */
  open_reports: homeSection,
  /** The newest announcements I may read. */
  announcements: homeSection,
  /** Whoever may open Accounts: receivables past their due date. */
  receivables_overdue: homeMoneySection.optional(),
  /** Whoever may open Accounts: bills due within 7 days. */
  payables_due_soon: homeMoneySection.optional(),
  /** Admins: assets whose maintenance is due within 7 days or overdue. */
  assets_due: homeSection.optional(),
})
export type Home = z.infer<typeof homeResponse>
export type HomeSectionKey = keyof Home

export const homeEndpoints = {
  home: endpoint('GET', '/home', { response: { 200: homeResponse } }),
}
