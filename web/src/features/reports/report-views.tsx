import { formatCurrency, formatDate } from '@daftar/domain/format'
import {
  type ExpensesIncomeData,
  type InventoryRequestData,
  type OperationsReportData,
  type ReportType,
  reportMessages,
} from '@daftar/domain/reports'
import { SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { DetailSection, type Field, FieldGrid } from '../../ui/DetailSection.tsx'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import type { Totals } from '../../ui/list/DataTableEnd.tsx'
import classes from './reports.module.css'
import {
  complaintsTable,
  consumablesTable,
  itemsTable,
  managerInspectionsTable,
  operatorsTable,
  otherExpensesTable,
  type RowField,
  type RowTable,
  supervisorInspectionsTable,
} from './row-fields.ts'

type Row = Record<string, unknown>

/** A stored value as the detail shows it: dates dd Mon yyyy, money in rupees, blanks as 'N/A'. */
function shown(field: RowField, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A'
  if (field.kind === 'date') return formatDate(String(value))
  if (field.kind === 'money' || field.kind === 'amount') return formatCurrency(Number(value))
  return String(value)
}

/** A stored table of the report: numbered, its first column heading each row's card on a phone. */
function StoredRows({ table, rows, totals }: { table: RowTable; rows: Row[] | undefined; totals?: Totals }) {
  const columns = table.fields.map(
    (field, i): Column<Row> => ({
      key: field.key,
      header: field.label,
      nowrap: field.kind === 'date' || field.kind === 'money' || field.kind === 'amount',
      phone: i === 0 ? 'title' : undefined,
      render: (row) => shown(field, row[field.key]),
    }),
  )
  return (
    <DetailSection title={table.title}>
      <DataTable
        label={table.title}
        columns={columns}
        rows={rows ?? []}
        rowKey={(row) => String((rows ?? []).indexOf(row))}
        rowNumberStart={1}
        minWidth={table.fields.length * 110 + 60}
        emptyText="None."
        totals={totals}
      />
    </DetailSection>
  )
}

const text = (label: string, value: ReactNode, wide = false): Field => ({ label, value, wide })

type SiteContext = OperationsReportData['context']

function ContextSection({
  context,
  period,
}: {
  context: Partial<SiteContext>
  period?: { start: string; end: string }
}) {
  return (
    <DetailSection title="Context">
      <FieldGrid
        fields={[
          ...(period
            ? [text('Reporting Period', `${formatDate(period.start)} – ${formatDate(period.end)}`)]
            : []),
          text('Project Name', context.projectName),
          text('Client Name', context.clientName),
          text('Project Type', context.projectType),
          text('Project Capacity', context.projectCapacity),
          text('Description', context.description, true),
        ]}
      />
    </DetailSection>
  )
}

function InventoryView({ data }: { data: InventoryRequestData }) {
  return (
    <>
      <DetailSection title="Request Details">
        <FieldGrid
          fields={[
            text('Inventory Needed By', formatDate(data.neededBy)),
            text('Project Name', data.context?.projectName),
            text('Client Name', data.context?.clientName),
            text('Type of Project', data.context?.projectType),
            text('Description / Notes', data.description, true),
          ]}
        />
      </DetailSection>
      <StoredRows table={{ ...itemsTable, title: 'Requested Items' }} rows={data.items} />
    </>
  )
}

function Answer({ value }: { value: 'Yes' | 'No' | null | undefined }) {
  if (!value) return 'N/A'
  return <span className={value === 'Yes' ? classes.yes : classes.no}>{value}</span>
}

function OperationsView({ data }: { data: OperationsReportData }) {
  return (
    <>
      <ContextSection context={data.context ?? {}} period={data.period} />
      <StoredRows table={operatorsTable} rows={data.operators} />
      <DetailSection title="Incident Details">
        <Text size="sm" className={classes.preWrap}>
          {data.incidentDetails || 'None reported.'}
        </Text>
      </DetailSection>
      <StoredRows table={complaintsTable} rows={data.complaints} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <StoredRows table={supervisorInspectionsTable} rows={data.supervisorInspections} />
        <StoredRows table={managerInspectionsTable} rows={data.managerInspections} />
      </SimpleGrid>
      <DetailSection title="Performance and Site">
        <FieldGrid
          fields={[
            text('Suggestions to Improve Performance', data.suggestions, true),
            text('Working Condition of the Project', data.workingConditions, true),
            text('Log Book Up to Date', <Answer value={data.questions?.logbookStatus} />),
            text('Energy Meter Working Properly', <Answer value={data.questions?.energyMeterStatus} />),
            text('Flow Meter Working Properly', <Answer value={data.questions?.flowMeterStatus} />),
          ]}
        />
      </DetailSection>
    </>
  )
}

function ExpensesView({ data }: { data: ExpensesIncomeData }) {
  const totals = data.totals ?? { consumables: 0, income: 0, expenses: 0 }
  return (
    <>
      <ContextSection context={data.context ?? {}} period={data.period} />
      <StoredRows
        table={consumablesTable}
        rows={data.consumables}
        totals={{ label: 'Total', values: { amount: formatCurrency(totals.consumables) } }}
      />
      <StoredRows
        table={otherExpensesTable}
        rows={data.otherExpenses}
        totals={{
          label: 'Total',
          values: { income: formatCurrency(totals.income), expenses: formatCurrency(totals.expenses) },
        }}
      />
    </>
  )
}

/** The body of a report by its type; an unknown type says so (docs/product.md, "Staff reports"). */
export function ReportBody({ type, data }: { type: ReportType; data: Record<string, unknown> }) {
  let body: ReactNode
  if (type === 'INVENTORY_REQUEST') body = <InventoryView data={data as InventoryRequestData} />
  else if (type === 'OPERATIONS_REPORT') body = <OperationsView data={data as OperationsReportData} />
  else if (type === 'EXPENSES_INCOME') body = <ExpensesView data={data as ExpensesIncomeData} />
  else body = <Text c="red">{reportMessages.unknownTypeView}</Text>
  return <Stack gap="md">{body}</Stack>
}
