import { formatCurrency } from '@daftar/domain/format'
import {
  consumableAmount,
  expensesIncomeInput,
  inventoryRequestInput,
  operationsReportInput,
  REPORT_LONG_TEXT_MAX,
  reportStartingRows as starting,
} from '@daftar/domain/reports'
import { Group, Radio, SimpleGrid } from '@mantine/core'
import type { FieldsForm } from '../../ui/register-kit/fields.tsx'
import { CountedTextarea } from '../../ui/register-kit/fields.tsx'
import { FormSection } from '../../ui/register-kit/RegisterForm.tsx'
import {
  FormDate,
  NameField,
  ProjectField,
  RecipientsField,
  ReportFormFrame,
  useReportForm,
} from './form-parts.tsx'
import { RowsTable } from './RowsTable.tsx'
import {
  blankRows,
  complaintsTable,
  consumablesTable,
  itemsTable,
  managerInspectionsTable,
  operatorsTable,
  otherExpensesTable,
  supervisorInspectionsTable,
} from './row-fields.ts'

const num = (v: unknown): number | null =>
  v === '' || v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v)

/** A long text of the report (description, incidents, suggestions …), counted to its limit. */
function LongText({
  form,
  path,
  label,
  ...rest
}: {
  form: FieldsForm
  path: string
  label: string
  placeholder?: string
}) {
  return (
    <CountedTextarea
      maxLength={REPORT_LONG_TEXT_MAX}
      label={label}
      autosize
      minRows={2}
      {...rest}
      {...form.getInputProps(path)}
    />
  )
}

// ---- New Inventory Request ------------------------------------------------------------------------

export function InventoryRequestPage() {
  const { form, ...state } = useReportForm(
    'INVENTORY_REQUEST',
    inventoryRequestInput.omit({ report_type: true }),
    {
      to_user_ids: [] as string[],
      report_data: {
        neededBy: '',
        context: { projectName: '', projectId: null as string | null, clientName: '', projectType: '' },
        description: '',
        items: blankRows(itemsTable, starting.items),
      },
    },
  )
  return (
    <ReportFormFrame title="New Inventory Request" state={state}>
      <RecipientsField form={form} />
      <FormSection title="Report Details">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormDate form={form} path="report_data.neededBy" label="Inventory Needed By" required />
          <ProjectField form={form} path="report_data.context" />
          <NameField form={form} path="report_data.context.projectType" label="Type of Project" />
          <NameField form={form} path="report_data.context.clientName" label="Client Name" />
        </SimpleGrid>
        <LongText form={form} path="report_data.description" label="Description / Notes" />
      </FormSection>
      <FormSection title="Items">
        <RowsTable form={form} table={itemsTable} minWidth={820} />
      </FormSection>
    </ReportFormFrame>
  )
}

// ---- shared by operations and expenses ------------------------------------------------------------

const siteReport = () => ({
  to_user_ids: [] as string[],
  period: { start: '', end: '' },
  context: {
    projectName: '',
    projectId: null as string | null,
    clientName: '',
    projectType: '',
    projectCapacity: '',
    description: '',
  },
})

function PeriodAndContext({ form }: { form: FieldsForm }) {
  return (
    <>
      <FormSection title="Reporting Period">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormDate form={form} path="report_data.period.start" label="Start Date" required />
          <FormDate form={form} path="report_data.period.end" label="End Date" required />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Context">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ProjectField form={form} path="report_data.context" />
          <NameField form={form} path="report_data.context.clientName" label="Client Name" />
          <NameField form={form} path="report_data.context.projectType" label="Project Type" />
          <NameField form={form} path="report_data.context.projectCapacity" label="Project Capacity" />
        </SimpleGrid>
        <LongText form={form} path="report_data.context.description" label="Description" />
      </FormSection>
    </>
  )
}

/** Starting values of a site report: recipients, period and context, then its own parts. */
function siteValues<D extends object>(data: D) {
  const { to_user_ids, ...common } = siteReport()
  return { to_user_ids, report_data: { ...common, ...data } }
}

// ---- New Operations Report ------------------------------------------------------------------------

const questions = [
  ['logbookStatus', 'Is the log book up to date?'],
  ['energyMeterStatus', 'Is the energy meter working properly?'],
  ['flowMeterStatus', 'Is the flow meter working properly?'],
] as const

export function OperationsReportPage() {
  const { form, ...state } = useReportForm(
    'OPERATIONS_REPORT',
    operationsReportInput.omit({ report_type: true }),
    siteValues({
      operators: blankRows(operatorsTable, starting.operators),
      incidentDetails: '',
      complaints: blankRows(complaintsTable, starting.complaints),
      // Part of the submitted data; this form shows no inputs for them (docs/product.md, "Staff reports").
      supervisorInspections: blankRows(supervisorInspectionsTable, starting.supervisorInspections),
      managerInspections: blankRows(managerInspectionsTable, starting.managerInspections),
      suggestions: '',
      workingConditions: '',
      questions: { logbookStatus: '', energyMeterStatus: '', flowMeterStatus: '' },
    }),
  )
  const answers = form.values.report_data.questions
  return (
    <ReportFormFrame title="New Operations Report" state={state}>
      <RecipientsField form={form} />
      <PeriodAndContext form={form} />
      <FormSection title="Operators Particulars">
        <RowsTable form={form} table={operatorsTable} minWidth={900} />
      </FormSection>
      <FormSection title="Incident Details">
        <CountedTextarea
          maxLength={REPORT_LONG_TEXT_MAX}
          aria-label="Incident Details"
          placeholder="Describe any incidents during the period"
          autosize
          minRows={3}
          {...form.getInputProps('report_data.incidentDetails')}
        />
      </FormSection>
      <FormSection title="Customer Complaints">
        <RowsTable form={form} table={complaintsTable} minWidth={860} />
      </FormSection>
      <FormSection title="Performance and Site">
        <LongText form={form} path="report_data.suggestions" label="Suggestions to Improve Performance" />
        <LongText form={form} path="report_data.workingConditions" label="Working Condition of the Project" />
        {questions.map(([key, label]) => (
          <Radio.Group
            key={key}
            label={label}
            value={answers[key] || null}
            onChange={(v) => form.setFieldValue(`report_data.questions.${key}`, v)}
          >
            <Group mt={4}>
              <Radio value="Yes" label="Yes" />
              <Radio value="No" label="No" />
            </Group>
          </Radio.Group>
        ))}
      </FormSection>
    </ReportFormFrame>
  )
}

// ---- New Expenses (& Income) Report ---------------------------------------------------------------

const sum = (values: (number | null)[]) => formatCurrency(values.reduce<number>((s, n) => s + (n ?? 0), 0))

export function ExpensesIncomePage() {
  const { form, ...state } = useReportForm(
    'EXPENSES_INCOME',
    expensesIncomeInput.omit({ report_type: true }),
    siteValues({
      consumables: blankRows(consumablesTable, starting.consumables),
      otherExpenses: blankRows(otherExpensesTable, starting.otherExpenses),
    }),
  )
  const { consumables, otherExpenses } = form.values.report_data
  const amounts = consumables.map((c) => consumableAmount(num(c.rate), num(c.quantity)))
  return (
    <ReportFormFrame title="New Expenses (& Income) Report" state={state}>
      <RecipientsField form={form} />
      <PeriodAndContext form={form} />
      <FormSection title="Consumable & Site Expenses">
        <RowsTable
          form={form}
          table={consumablesTable}
          minWidth={980}
          amounts={amounts}
          totals={{ label: 'Total', values: { amount: sum(amounts) } }}
        />
      </FormSection>
      <FormSection title="Income & Other Expenses">
        <RowsTable
          form={form}
          table={otherExpensesTable}
          minWidth={760}
          totals={{
            label: 'Total',
            values: {
              income: sum(otherExpenses.map((e) => num(e.income))),
              expenses: sum(otherExpenses.map((e) => num(e.expenses))),
            },
          }}
        />
      </FormSection>
    </ReportFormFrame>
  )
}
