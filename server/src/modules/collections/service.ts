import {
  type CollectionDetail,
  type CollectionSort,
  collectionExport,
  collectionMessages,
} from '@daftar/domain'
import { sortsByChange, sortsByName } from '../../platform/register-queries.ts'
import { registerReads } from '../../platform/register-reads.ts'
import { readAccess } from '../access/service.ts'
import { collectionRegister } from './register.ts'
import { collections } from './schema.ts'

const c = collections

/** The list, its export (docs/decisions.md, "Exports") and the detail. */
export const collectionReads = registerReads({
  register: collectionRegister,
  access: readAccess,
  notFound: collectionMessages.notFound,
  listKey: 'collections',
  exportSheet: collectionExport,
  sorts: {
    ...sortsByName('name', c.name, c.collectionId),
    ...sortsByChange(c, c.collectionId),
  } satisfies Record<CollectionSort, unknown>,
  search: [c.name, c.description],
  listColumns: { id: c.collectionId, name: c.name, description: c.description, updatedAt: c.updatedAt },
  toListRow: (r) => ({
    collection_id: r.id,
    name: r.name,
    description: r.description,
    updated_at: r.updatedAt.toISOString(),
  }),
  toDetail: (r, tail): CollectionDetail => ({
    collection_id: r.collectionId,
    name: r.name,
    description: r.description,
    ...tail,
  }),
})
