import {
  type SupplierDetail,
  type SupplierList,
  type SupplierOption,
  type SupplierSort,
  supplierMessages,
} from '@daftar/domain'
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { RequestContext } from '../../platform/context.ts'
import type { Deps } from '../../platform/deps.ts'
import { notFound } from '../../platform/errors.ts'
import { searchAny } from '../../platform/listing.ts'
import {
  auditOf,
  contactValues,
  creator,
  firstContact,
  lowerSort,
  pageWindow,
  registerPage,
  updater,
} from '../../platform/register-queries.ts'
import { assertReadable, visibleTo } from '../access/service.ts'
import { supplierRegister } from './register.ts'
import { suppliers } from './schema.ts'

const s = suppliers
const sorts: Record<SupplierSort, SQL[]> = {
  name_asc: [lowerSort(s.name, 'asc'), asc(s.supplierId)],
  name_desc: [lowerSort(s.name, 'desc'), asc(s.supplierId)],
  product_category_asc: [
    lowerSort(s.productCategory, 'asc', true),
    lowerSort(s.name, 'asc'),
    asc(s.supplierId),
  ],
  product_category_desc: [
    lowerSort(s.productCategory, 'desc', true),
    lowerSort(s.name, 'asc'),
    asc(s.supplierId),
  ],
  last_updated: [desc(s.updatedAt), asc(s.supplierId)],
  first_added: [asc(s.createdAt), asc(s.supplierId)],
}

export async function listSuppliers(
  deps: Deps,
  ctx: RequestContext,
  query: { page: number; searchQuery: string; sortBy: SupplierSort },
): Promise<SupplierList> {
  const where = and(
    eq(s.orgId, ctx.orgId),
    visibleTo(ctx, 'SUPPLIER', s.supplierId),
    searchAny(query.searchQuery, [s.name, s.productCategory, s.gstin, s.website, contactValues(s.contacts)]),
  )
  const rows = deps.db
    .select({
      supplierId: s.supplierId,
      name: s.name,
      productCategory: s.productCategory,
      contactName: firstContact(s.contacts, 'name'),
      contactPhone: firstContact(s.contacts, 'phone'),
      contactEmail: firstContact(s.contacts, 'email'),
      website: s.website,
      updatedAt: s.updatedAt,
    })
    .from(s)
    .where(where)
    .orderBy(...sorts[query.sortBy])
    .limit(pageWindow(query.page).limit)
    .offset(pageWindow(query.page).offset)
  const total = deps.db.select({ n: count() }).from(s).where(where)
  return registerPage('suppliers', query.page, [rows, total], (r) => ({
    supplier_id: r.supplierId,
    name: r.name,
    product_category: r.productCategory,
    contact_person_name: r.contactName,
    contact_person_phone: r.contactPhone,
    contact_person_email: r.contactEmail,
    website: r.website,
    updated_at: r.updatedAt.toISOString(),
  }))
}

export async function getSupplier(
  deps: Deps,
  ctx: RequestContext,
  supplierId: string,
): Promise<SupplierDetail> {
  const access = await assertReadable(deps.db, ctx, supplierRegister, supplierId, supplierMessages.notFound)
  const [row] = await deps.db
    .select({ s, createdBy: creator.username, updatedBy: updater.username })
    .from(s)
    .leftJoin(creator, eq(creator.userId, s.createdBy))
    .leftJoin(updater, eq(updater.userId, s.updatedBy))
    .where(and(eq(s.supplierId, supplierId), eq(s.orgId, ctx.orgId)))
  if (!row) throw notFound(supplierMessages.notFound)
  const r = row.s
  return {
    supplier_id: r.supplierId,
    name: r.name,
    product_category: r.productCategory,
    contacts: r.contacts,
    website: r.website,
    gstin: r.gstin,
    pan: r.pan,
    bank_details: r.bankDetails,
    address: r.address,
    notes: r.notes,
    ...auditOf(r, row),
    version: r.version,
    access_level: access,
  }
}

/** Every supplier of the organisation, for pickers (bills reference any supplier: docs/product.md, "Who may use what"). */
export async function supplierDropdown(deps: Deps, ctx: RequestContext): Promise<SupplierOption[]> {
  return deps.db
    .select({ supplier_id: s.supplierId, name: s.name, gstin: s.gstin })
    .from(s)
    .where(eq(s.orgId, ctx.orgId))
    .orderBy(sql`lower(${s.name})`)
}
