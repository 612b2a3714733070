import { employeeEndpoints } from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { answerChange, registerWriteRoutes } from '../approvals/register-routes.ts'
import { exportEmployees, getEmployee, listEmployees, requestActivation, revealSensitive } from './service.ts'

export async function employeeRoutes(app: App, deps: Deps) {
  serve(app, employeeEndpoints.list, async (req) => listEmployees(deps, req.ctx, true, req.query))
  serve(app, employeeEndpoints.old, async (req) => listEmployees(deps, req.ctx, false, req.query))
  serve(app, employeeEndpoints.export, async (req, reply) =>
    exportEmployees(deps, req.ctx, true, req.query, reply),
  )
  serve(app, employeeEndpoints.oldExport, async (req, reply) =>
    exportEmployees(deps, req.ctx, false, req.query, reply),
  )
  serve(app, employeeEndpoints.detail, async (req) => getEmployee(deps, req.ctx, req.params.id))
  serve(app, employeeEndpoints.sensitive, async (req) => revealSensitive(deps, req.ctx, req.params.id))
  registerWriteRoutes(app, deps, employeeEndpoints, 'EMPLOYEE')
  serve(app, employeeEndpoints.activate, async (req, reply) =>
    answerChange(reply, await requestActivation(deps, req.ctx, req.params.id, req.body.activate)),
  )
}
