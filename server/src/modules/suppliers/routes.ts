import { supplierEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { registerReadRoutes, registerWriteRoutes } from '../approvals/register-routes.ts'
import { supplierDropdown, supplierReads } from './service.ts'

export async function supplierRoutes(app: App, deps: Deps) {
  registerReadRoutes(app, deps, supplierEndpoints, supplierReads)
  serve(app, supplierEndpoints.dropdown, async (req) => supplierDropdown(deps, req.ctx))
  registerWriteRoutes(app, deps, supplierEndpoints, 'SUPPLIER')
}
