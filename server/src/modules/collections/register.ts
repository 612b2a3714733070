import { type CollectionData, collectionData } from '@daftar/domain'
import { tableRegister } from '../../platform/register-table.ts'
import { collections } from './schema.ts'

export const collectionRegister = tableRegister({
  entityType: 'COLLECTION',
  label: 'Collection',
  schema: collectionData,
  table: collections,
  id: collections.collectionId,
  columns: (data: CollectionData) => ({ name: data.name, description: data.description }),
  data: (row) => ({ name: row.name, description: row.description }),
  describe: (data) => data.name,
})
