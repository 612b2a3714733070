import { supplierEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerWriteRoutes } from '../approvals/register-routes.ts'
import { exportSuppliers, getSupplier, listSuppliers, supplierDropdown } from './service.ts'

export async function supplierRoutes(app: App, deps: Deps) {
  serve(app, supplierEndpoints.list, async (req) => listSuppliers(deps, req.ctx, req.query))
  serve(app, supplierEndpoints.export, async (req, reply) => exportSuppliers(deps, req.ctx, req.query, reply))
  serve(app, supplierEndpoints.dropdown, async (req) => supplierDropdown(deps, req.ctx))
  serve(app, supplierEndpoints.detail, async (req) => getSupplier(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, supplierEndpoints, 'SUPPLIER')
}
