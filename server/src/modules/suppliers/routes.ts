import {
  idParams,
  supplierDetail,
  supplierEndpoints,
  supplierList,
  supplierListQuery,
  supplierOption,
} from '@daftar/domain'
import { z } from 'zod'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { getSupplier, listSuppliers, supplierDropdown } from './service.ts'

export async function supplierRoutes(app: App, deps: Deps) {
  app.get(
    '/suppliers',
    { schema: { querystring: supplierListQuery, response: { 200: supplierList } } },
    async (req) => listSuppliers(deps, req.ctx, req.query),
  )
  app.get(
    '/suppliers/dropdown-list',
    { schema: { response: { 200: z.array(supplierOption) } } },
    async (req) => supplierDropdown(deps, req.ctx),
  )
  app.get(
    '/suppliers/:id',
    { schema: { params: idParams, response: { 200: supplierDetail } } },
    async (req) => getSupplier(deps, req.ctx, req.params.id),
  )
  registerWriteRoutes(app, deps, supplierEndpoints, 'SUPPLIER')
}
