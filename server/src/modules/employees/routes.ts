import {
  activateEmployeeInput,
  employeeDetail,
  employeeEndpoints,
  employeeList,
  employeeListQuery,
  employeeSensitive,
  idParams,
} from '@daftar/domain'
import type { Deps } from '../../platform/deps.ts'
import type { App } from '../../platform/http.ts'
import { answerChange, changeResponses, registerWriteRoutes } from '../approvals/register-routes.ts'
import { getEmployee, listEmployees, requestActivation, revealSensitive } from './service.ts'

export async function employeeRoutes(app: App, deps: Deps) {
  const list = { querystring: employeeListQuery, response: { 200: employeeList } }
  app.get('/employees', { schema: list }, async (req) => listEmployees(deps, req.ctx, true, req.query))
  app.get('/employees/old', { schema: list }, async (req) => listEmployees(deps, req.ctx, false, req.query))
  app.get(
    '/employees/:id',
    { schema: { params: idParams, response: { 200: employeeDetail } } },
    async (req) => getEmployee(deps, req.ctx, req.params.id),
  )
  app.get(
    '/employees/:id/sensitive',
    { schema: { params: idParams, response: { 200: employeeSensitive } } },
    async (req) => revealSensitive(deps, req.ctx, req.params.id),
  )
  registerWriteRoutes(app, deps, employeeEndpoints, 'EMPLOYEE')
  app.put(
    '/employees/:id/activate',
    { schema: { params: idParams, body: activateEmployeeInput, response: changeResponses } },
    async (req, reply) =>
      answerChange(reply, await requestActivation(deps, req.ctx, req.params.id, req.body.activate)),
  )
}
