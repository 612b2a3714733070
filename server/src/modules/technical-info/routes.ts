import { technicalInfoEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { registerReadRoutes, registerWriteRoutes } from '../approvals/register-routes.ts'
import { technicalInfoReads } from './service.ts'

export async function technicalInfoRoutes(app: App, deps: Deps) {
  registerReadRoutes(app, deps, technicalInfoEndpoints, technicalInfoReads)
  registerWriteRoutes(app, deps, technicalInfoEndpoints, 'TECHNICAL_INFO')
}
