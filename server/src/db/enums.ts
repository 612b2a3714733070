/**
 * Status-like columns are database enums built from the domain's own lists, so a value outside them
 * cannot be stored and the query layer types them as the domain's unions (no casts in the code).
 */
import {
  accessLevels,
  accountKinds,
  actionStatuses,
  actionTypes,
  entityTypes,
  gstTypes,
  invoiceStatuses,
  paymentModes,
  reportStatuses,
  reportTypes,
  storedAccountStatuses,
  taskStatuses,
} from '@daftar/domain'
import { pgEnum } from 'drizzle-orm/pg-core'

export const entityTypeEnum = pgEnum('entity_type', entityTypes)
export const actionTypeEnum = pgEnum('action_type', actionTypes)
export const actionStatusEnum = pgEnum('action_status', actionStatuses)
export const accessLevelEnum = pgEnum('access_level', accessLevels)
export const taskStatusEnum = pgEnum('task_status', taskStatuses)
export const projectInvoiceStatusEnum = pgEnum('project_invoice_status', invoiceStatuses)
export const accountKindEnum = pgEnum('account_kind', accountKinds)
/** OVERDUE is not here: it is derived when read (docs/product.md, "Statuses and OVERDUE"). */
export const accountStatusEnum = pgEnum('account_status', storedAccountStatuses)
export const gstTypeEnum = pgEnum('gst_type', gstTypes)
export const paymentModeEnum = pgEnum('payment_mode', paymentModes)
export const reportTypeEnum = pgEnum('report_type', reportTypes)
export const reportStatusEnum = pgEnum('report_status', reportStatuses)
