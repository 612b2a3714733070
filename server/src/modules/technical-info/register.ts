import { type TechnicalInfoData, technicalInfoData } from '@daftar/domain'
import { tableRegister } from '../../platform/register-table.ts'
import { technicalInfo } from './schema.ts'

export const technicalInfoRegister = tableRegister({
  entityType: 'TECHNICAL_INFO',
  label: 'Technical info',
  schema: technicalInfoData,
  table: technicalInfo,
  id: technicalInfo.technicalInfoId,
  columns: (data: TechnicalInfoData) => ({
    title: data.title,
    keywords: data.keywords,
    whenToUse: data.when_to_use,
    prerequisites: data.prerequisites,
    description: data.description,
    formula: data.formula,
    steps: data.steps,
  }),
  data: (row) => ({
    title: row.title,
    keywords: row.keywords,
    when_to_use: row.whenToUse,
    prerequisites: row.prerequisites,
    description: row.description,
    formula: row.formula,
    steps: row.steps,
  }),
  describe: (data) => data.title,
})
