/**
 * Status-like columns are database enums built from the domain's own lists, so a value outside them
 * cannot be stored and the query layer types them as the domain's unions (no casts in the code).
 */
import {
  accessLevels,
  actionStatuses,
  actionTypes,
  entityTypes,
  invoiceStatuses,
  taskStatuses,
} from '@daftar/domain'
import { pgEnum } from 'drizzle-orm/pg-core'

export const entityTypeEnum = pgEnum('entity_type', entityTypes)
export const actionTypeEnum = pgEnum('action_type', actionTypes)
export const actionStatusEnum = pgEnum('action_status', actionStatuses)
export const accessLevelEnum = pgEnum('access_level', accessLevels)
export const taskStatusEnum = pgEnum('task_status', taskStatuses)
export const projectInvoiceStatusEnum = pgEnum('project_invoice_status', invoiceStatuses)
