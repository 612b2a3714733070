import { employeeEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { answerChange, listsByFlagRoutes, registerWriteRoutes } from '../approvals/register-routes.ts'
import { employeeLists, getEmployee, requestActivation, revealSensitive } from './service.ts'

export async function employeeRoutes(app: App, deps: Deps) {
  listsByFlagRoutes(app, deps, employeeLists, [
    { value: true, list: employeeEndpoints.list, export: employeeEndpoints.export },
    { value: false, list: employeeEndpoints.old, export: employeeEndpoints.oldExport },
  ])
  serve(app, employeeEndpoints.detail, async (req) => getEmployee(deps, req.ctx, req.params.id))
  serve(app, employeeEndpoints.sensitive, async (req) => revealSensitive(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, employeeEndpoints, 'EMPLOYEE')
  serve(app, employeeEndpoints.activate, async (req, reply) =>
    answerChange(reply, await requestActivation(deps, req.ctx, req.params.id, req.body.activate)),
  )
}
