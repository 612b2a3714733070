import { employeeData } from '@daftar/domain/employees'
import { registerFieldLabels } from '@daftar/domain/field-labels'
import { supplierData } from '@daftar/domain/suppliers'
import { describe, expect, it } from 'vitest'
import { registerLoaders } from '../../app/registers.ts'
import { register as employees } from '../../features/employees/register.tsx'
import { register as suppliers } from '../../features/suppliers/register.tsx'
import { register as technicalInfo } from '../../features/technical-info/register.tsx'
import { parseListState } from '../list/use-list-state.ts'
import { rowsOf, withoutRows } from './api.ts'
import { recordHref } from './roots.ts'

describe('a register declaration with the defaults filled in', () => {
  it('words what every register words the same way from its label and path', () => {
    expect(suppliers.noun).toBe('supplier')
    expect(suppliers.queryKey).toBe('suppliers')
    expect(suppliers.list.addLabel).toBe('Add Supplier')
    expect(suppliers.form.addTitle).toBe('Add New Supplier')
    const record = { name: 'Kaveri Valves' } as Parameters<typeof suppliers.form.editTitle>[0]
    expect(suppliers.form.editTitle(record)).toBe('Edit Supplier: Kaveri Valves')
    expect(recordHref(suppliers.entityType, 'abc')).toBe('/suppliers/abc')
  })

  it('takes from the contract what it names once: the label, the id field, the schema and the field labels', () => {
    expect(suppliers.label).toBe('Supplier')
    expect(technicalInfo.label).toBe('Technical info')
    type Supplier = Parameters<typeof suppliers.titleOf>[0]
    const supplier = { supplier_id: 's-1', name: 'Kaveri Valves' } as Supplier
    expect(suppliers.idOf(supplier)).toBe('s-1')
    expect(suppliers.titleOf(supplier)).toBe('Kaveri Valves')
    type Entry = Parameters<typeof technicalInfo.titleOf>[0]
    const entry = { technical_info_id: 't-1', title: 'Dosing pump sizing' } as Entry
    expect(technicalInfo.idOf(entry)).toBe('t-1')
    expect(technicalInfo.titleOf(entry)).toBe('Dosing pump sizing')
    expect(suppliers.form.schema).toBe(supplierData)
    expect(employees.form.schema).toBe(employeeData)
    expect(suppliers.form.labels).toBe(registerFieldLabels.SUPPLIER)
  })

  it('makes the main list from the path and the list endpoint, before the other views', () => {
    expect(suppliers.list.views).toEqual([suppliers.list.main])
    expect(suppliers.list.main).toMatchObject({
      path: '/suppliers',
      title: 'Suppliers',
      emptyText: 'No suppliers found.',
    })
    expect(suppliers.list.main.endpoint.path).toBe('/suppliers')
    expect(employees.list.views.map((v) => [v.path, v.endpoint.path, v.emptyText])).toEqual([
      ['/employees', '/employees', 'No current employees found.'],
      ['/old-employees', '/employees/old', 'No old employees found.'],
    ])
  })

  it('finds the list that holds a record by its state, the main list unless the register says otherwise', () => {
    type Employee = Parameters<typeof employees.list.listOf>[0]
    expect(employees.list.listOf({ is_active: true } as Employee).path).toBe('/employees')
    expect(employees.list.listOf({ is_active: false } as Employee)).toMatchObject({
      path: '/old-employees',
      title: 'Old Employees',
    })
    type Supplier = Parameters<typeof suppliers.list.listOf>[0]
    expect(suppliers.list.listOf({} as Supplier)).toBe(suppliers.list.main)
  })

  it('keeps what a register words otherwise', () => {
    expect(technicalInfo.list.addLabel).toBe('Add Entry')
    expect(technicalInfo.list.main.emptyText).toBe('No technical info entries found.')
    expect(technicalInfo.form.addTitle).toBe('Add Technical Info Entry')
    expect(technicalInfo.noun).toBe('technical info')
    expect(technicalInfo.queryKey).toBe('technical-info')
  })
})

describe("a register list's sorts", () => {
  // The server refuses a sort its list does not have (docs/decisions.md, "Registers, approvals, access
  // and documents"): the list offers only its query's own, and an address holding another opens the
  // list in its default sort rather than an error.
  it.each(Object.entries(registerLoaders))(
    '%s offers only sorts its list query takes',
    async (_type, entry) => {
      const { register } = await entry.load()
      const { query, sorts } = register.list
      expect(sorts.length).toBeGreaterThan(1)
      for (const { value } of sorts)
        expect(query.safeParse({ sortBy: value }).data?.sortBy, value).toBe(value)
      expect(query.safeParse({ sortBy: 'dropped_table' }).success).toBe(false)
      const fallback = query.parse({}).sortBy
      expect(parseListState(query, new URLSearchParams('sortBy=dropped_table&searchQuery=pump'))).toEqual({
        page: 1,
        searchQuery: 'pump',
        sortBy: fallback,
      })
    },
  )
})

describe('a list answer', () => {
  const answer = { technicalInfo: [{ id: 'a' }, { id: 'b' }], totalPages: 3, currentPage: 1 }

  it('has its rows under whatever key the register names them', () => {
    expect(rowsOf(answer)).toEqual([{ id: 'a' }, { id: 'b' }])
    expect(rowsOf(undefined)).toBeUndefined()
  })

  it('loses only the rows dropped, keeping its paging', () => {
    expect(withoutRows(answer, (row) => row.id === 'a')).toEqual({
      technicalInfo: [{ id: 'b' }],
      totalPages: 3,
      currentPage: 1,
    })
  })
})
