import {
  type TechnicalInfoDetail,
  type TechnicalInfoSort,
  technicalInfoExport,
  technicalInfoMessages,
} from '@daftar/domain'
import { sql } from 'drizzle-orm'
import { sortsByChange, sortsByName } from '../../platform/register-queries.ts'
import { registerReads } from '../../platform/register-reads.ts'
import { readAccess } from '../access/service.ts'
import { technicalInfoRegister } from './register.ts'
import { technicalInfo } from './schema.ts'

const t = technicalInfo

/**
 * The list, its export (docs/decisions.md, "Exports") and the detail. Search matches the title, the
 * keywords and the use cases (docs/product.md, "Technical information").
 */
export const technicalInfoReads = registerReads({
  register: technicalInfoRegister,
  access: readAccess,
  notFound: technicalInfoMessages.notFound,
  listKey: 'technicalInfo',
  exportSheet: technicalInfoExport,
  sorts: {
    ...sortsByName('title', t.title, t.technicalInfoId),
    ...sortsByChange(t, t.technicalInfoId),
  } satisfies Record<TechnicalInfoSort, unknown>,
  search: [t.title, sql`array_to_string(${t.keywords}, ' ')`, t.whenToUse],
  listColumns: {
    id: t.technicalInfoId,
    title: t.title,
    keywords: t.keywords,
    whenToUse: t.whenToUse,
    prerequisites: t.prerequisites,
    updatedAt: t.updatedAt,
  },
  toListRow: (r) => ({
    technical_info_id: r.id,
    title: r.title,
    keywords: r.keywords,
    when_to_use: r.whenToUse,
    prerequisites: r.prerequisites,
    updated_at: r.updatedAt.toISOString(),
  }),
  toDetail: (r, tail): TechnicalInfoDetail => ({
    technical_info_id: r.technicalInfoId,
    title: r.title,
    keywords: r.keywords,
    when_to_use: r.whenToUse,
    prerequisites: r.prerequisites,
    description: r.description,
    formula: r.formula,
    steps: r.steps,
    ...tail,
  }),
})
