import { formatCurrency } from '@daftar/domain/format'
import {
  consumableAmount,
  expensesIncomeInput,
  inventoryRequestInput,
  operationsReportInput,
  REPORT_LONG_TEXT_MAX,
  REPORT_NAME_MAX,
  reportStartingRows as starting,
} from '@daftar/domain/reports'
import { Group, NumberInput, Radio, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core'
import { CountedTextarea, CountedTextInput } from '../../ui/register-kit/fields.tsx'
import {
  type AnyForm,
  blankRows,
  FormDate,
  ProjectField,
  RecipientsField,
  ReportFormFrame,
  RowsTable,
  Section,
  useReportForm,
} from './form-parts.tsx'
import classes from './reports.module.css'

const num = (v: unknown): number | null =>
  v === '' || v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v)

const cell = (form: AnyForm, path: string, label: string, width?: number) => (
  <TextInput aria-label={label} miw={width ?? 120} {...form.getInputProps(path)} error={undefined} />
)
const numberCell = (form: AnyForm, path: string, label: string, width = 90) => (
  <NumberInput
    aria-label={label}
    miw={width}
    min={0}
    hideControls
    {...form.getInputProps(path)}
    error={undefined}
  />
)

// ---- New Inventory Request ------------------------------------------------------------------------

const blankItem = () => ({
  itemName: '',
  size: '',
  quantity: '' as number | '',
  units: '',
  moc: '',
  make: '',
})

export function InventoryRequestPage() {
  const { form, ...frame } = useReportForm(
    'INVENTORY_REQUEST',
    inventoryRequestInput.omit({ report_type: true }),
    {
      to_user_ids: [] as string[],
      report_data: {
        neededBy: '',
        context: { projectName: '', projectId: null as string | null, clientName: '', projectType: '' },
        description: '',
        items: blankRows(starting.items, blankItem),
      },
    },
  )
  const items = form.values.report_data.items
  return (
    <ReportFormFrame title="New Inventory Request" {...frame}>
      <RecipientsField form={form} />
      <Section title="Report Details">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormDate form={form} path="report_data.neededBy" label="Inventory Needed By" required />
          <ProjectField form={form} path="report_data.context" />
          <CountedTextInput
            label="Type of Project"
            maxLength={REPORT_NAME_MAX}
            {...form.getInputProps('report_data.context.projectType')}
          />
          <CountedTextInput
            label="Client Name"
            maxLength={REPORT_NAME_MAX}
            {...form.getInputProps('report_data.context.clientName')}
          />
        </SimpleGrid>
        <CountedTextarea
          maxLength={REPORT_LONG_TEXT_MAX}
          label="Description / Notes"
          autosize
          minRows={3}
          {...form.getInputProps('report_data.description')}
        />
      </Section>
      <Section title="Items">
        <RowsTable
          form={form}
          path="report_data.items"
          rows={items}
          ariaLabel="Items"
          minWidth={820}
          headers={['Item Name', 'Size', 'Quantity', 'Units', 'MoC', 'Make']}
          addLabel="+ Add Item"
          blank={blankItem}
          cells={(i) => [
            cell(form, `report_data.items.${i}.itemName`, `Item Name ${i + 1}`, 160),
            cell(form, `report_data.items.${i}.size`, `Size ${i + 1}`, 80),
            numberCell(form, `report_data.items.${i}.quantity`, `Quantity ${i + 1}`),
            cell(form, `report_data.items.${i}.units`, `Units ${i + 1}`, 80),
            cell(form, `report_data.items.${i}.moc`, `MoC ${i + 1}`, 90),
            cell(form, `report_data.items.${i}.make`, `Make ${i + 1}`, 100),
          ]}
        />
      </Section>
    </ReportFormFrame>
  )
}

// ---- shared by operations and expenses ------------------------------------------------------------

const blankContext = () => ({
  projectName: '',
  projectId: null as string | null,
  clientName: '',
  projectType: '',
  projectCapacity: '',
  description: '',
})

function PeriodAndContext({ form }: { form: AnyForm }) {
  return (
    <>
      <Section title="Reporting Period">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormDate form={form} path="report_data.period.start" label="Start Date" required />
          <FormDate form={form} path="report_data.period.end" label="End Date" required />
        </SimpleGrid>
      </Section>
      <Section title="Context">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ProjectField form={form} path="report_data.context" />
          <CountedTextInput
            label="Client Name"
            maxLength={REPORT_NAME_MAX}
            {...form.getInputProps('report_data.context.clientName')}
          />
          <CountedTextInput
            label="Project Type"
            maxLength={REPORT_NAME_MAX}
            {...form.getInputProps('report_data.context.projectType')}
          />
          <CountedTextInput
            label="Project Capacity"
            maxLength={REPORT_NAME_MAX}
            {...form.getInputProps('report_data.context.projectCapacity')}
          />
        </SimpleGrid>
        <CountedTextarea
          maxLength={REPORT_LONG_TEXT_MAX}
          label="Description"
          autosize
          minRows={2}
          {...form.getInputProps('report_data.context.description')}
        />
      </Section>
    </>
  )
}

// ---- New Operations Report ------------------------------------------------------------------------

const ratings = ['Excellent', 'Good', 'Average', 'Poor']
const blankOperator = () => ({
  name: '',
  duties: '' as number | '',
  knowledge: '',
  punctuality: '',
  grooming: '',
  performance: '',
})
const blankComplaint = () => ({ nature: '', dateOfComplaint: '', dateResolved: '', prevention: '' })
const blankInspection = () => ({ name: '', date: '', remarks: '' })

const rating = (form: AnyForm, path: string, label: string) => (
  <Select
    aria-label={label}
    data={ratings}
    placeholder="Rate"
    clearable
    miw={120}
    comboboxProps={{ withinPortal: true }}
    value={(form.getInputProps(path).value as string) || null}
    onChange={(v) => form.setFieldValue(path, v ?? '')}
  />
)

const questions = [
  ['logbookStatus', 'Is the log book up to date?'],
  ['energyMeterStatus', 'Is the energy meter working properly?'],
  ['flowMeterStatus', 'Is the flow meter working properly?'],
] as const

export function OperationsReportPage() {
  const { form, ...frame } = useReportForm(
    'OPERATIONS_REPORT',
    operationsReportInput.omit({ report_type: true }),
    {
      to_user_ids: [] as string[],
      report_data: {
        period: { start: '', end: '' },
        context: blankContext(),
        operators: blankRows(starting.operators, blankOperator),
        incidentDetails: '',
        complaints: blankRows(starting.complaints, blankComplaint),
        // Part of the submitted data; this form shows no inputs for them (docs/product.md, "Staff reports").
        supervisorInspections: blankRows(starting.supervisorInspections, blankInspection),
        managerInspections: blankRows(starting.managerInspections, blankInspection),
        suggestions: '',
        workingConditions: '',
        questions: { logbookStatus: '', energyMeterStatus: '', flowMeterStatus: '' },
      },
    },
  )
  const data = form.values.report_data
  return (
    <ReportFormFrame title="New Operations Report" {...frame}>
      <RecipientsField form={form} />
      <PeriodAndContext form={form} />
      <Section title="Operators Particulars">
        <RowsTable
          form={form}
          path="report_data.operators"
          rows={data.operators}
          ariaLabel="Operators Particulars"
          minWidth={900}
          headers={['Operator', 'Duties', 'Knowledge', 'Punctuality', 'Grooming', 'Performance']}
          addLabel="+ Add Operator"
          blank={blankOperator}
          cells={(i) => [
            cell(form, `report_data.operators.${i}.name`, `Operator ${i + 1}`, 160),
            numberCell(form, `report_data.operators.${i}.duties`, `Duties ${i + 1}`, 80),
            rating(form, `report_data.operators.${i}.knowledge`, `Knowledge ${i + 1}`),
            rating(form, `report_data.operators.${i}.punctuality`, `Punctuality ${i + 1}`),
            rating(form, `report_data.operators.${i}.grooming`, `Grooming ${i + 1}`),
            rating(form, `report_data.operators.${i}.performance`, `Performance ${i + 1}`),
          ]}
        />
      </Section>
      <Section title="Incident Details">
        <CountedTextarea
          maxLength={REPORT_LONG_TEXT_MAX}
          aria-label="Incident Details"
          placeholder="Describe any incidents during the period"
          autosize
          minRows={3}
          {...form.getInputProps('report_data.incidentDetails')}
        />
      </Section>
      <Section title="Customer Complaints">
        <RowsTable
          form={form}
          path="report_data.complaints"
          rows={data.complaints}
          ariaLabel="Customer Complaints"
          minWidth={860}
          headers={['Nature of Complaint', 'Date of Complaint', 'Date Resolved', 'Prevention Suggestions']}
          addLabel="+ Add Complaint"
          blank={blankComplaint}
          cells={(i) => [
            cell(form, `report_data.complaints.${i}.nature`, `Nature of Complaint ${i + 1}`, 200),
            <FormDate key="d" form={form} path={`report_data.complaints.${i}.dateOfComplaint`} />,
            <FormDate key="r" form={form} path={`report_data.complaints.${i}.dateResolved`} />,
            cell(form, `report_data.complaints.${i}.prevention`, `Prevention Suggestions ${i + 1}`, 200),
          ]}
        />
      </Section>
      <Section title="Performance and Site">
        <CountedTextarea
          maxLength={REPORT_LONG_TEXT_MAX}
          label="Suggestions to Improve Performance"
          autosize
          minRows={2}
          {...form.getInputProps('report_data.suggestions')}
        />
        <CountedTextarea
          maxLength={REPORT_LONG_TEXT_MAX}
          label="Working Condition of the Project"
          autosize
          minRows={2}
          {...form.getInputProps('report_data.workingConditions')}
        />
        {questions.map(([key, label]) => (
          <Radio.Group
            key={key}
            label={label}
            value={data.questions[key] || null}
            onChange={(v) => form.setFieldValue(`report_data.questions.${key}`, v)}
          >
            <Group mt={4}>
              <Radio value="Yes" label="Yes" />
              <Radio value="No" label="No" />
            </Group>
          </Radio.Group>
        ))}
      </Section>
    </ReportFormFrame>
  )
}

// ---- New Expenses (& Income) Report ---------------------------------------------------------------

const blankConsumable = () => ({
  date: '',
  itemName: '',
  invoiceNo: '',
  vendor: '',
  rate: '' as number | '',
  quantity: '' as number | '',
})
const blankOther = () => ({
  date: '',
  particulars: '',
  income: '' as number | '',
  expenses: '' as number | '',
})
const money = (n: number | null) => (n === null ? '' : formatCurrency(n))

export function ExpensesIncomePage() {
  const { form, ...frame } = useReportForm(
    'EXPENSES_INCOME',
    expensesIncomeInput.omit({ report_type: true }),
    {
      to_user_ids: [] as string[],
      report_data: {
        period: { start: '', end: '' },
        context: blankContext(),
        consumables: blankRows(starting.consumables, blankConsumable),
        otherExpenses: blankRows(starting.otherExpenses, blankOther),
      },
    },
  )
  const data = form.values.report_data
  const amounts = data.consumables.map((c) => consumableAmount(num(c.rate), num(c.quantity)))
  const total = amounts.reduce<number>((s, a) => s + (a ?? 0), 0)
  const income = data.otherExpenses.reduce<number>((s, e) => s + (num(e.income) ?? 0), 0)
  const expenses = data.otherExpenses.reduce<number>((s, e) => s + (num(e.expenses) ?? 0), 0)
  return (
    <ReportFormFrame title="New Expenses (& Income) Report" {...frame}>
      <RecipientsField form={form} />
      <PeriodAndContext form={form} />
      <Section title="Consumable & Site Expenses">
        <RowsTable
          form={form}
          path="report_data.consumables"
          rows={data.consumables}
          ariaLabel="Consumable & Site Expenses"
          minWidth={980}
          headers={['Date', 'Item Name', 'Invoice/DC No.', 'Vendor', 'Rate', 'Quantity', 'Amount']}
          addLabel="+ Add Row"
          blank={blankConsumable}
          cells={(i) => [
            <FormDate key="d" form={form} path={`report_data.consumables.${i}.date`} />,
            cell(form, `report_data.consumables.${i}.itemName`, `Item Name ${i + 1}`, 150),
            cell(form, `report_data.consumables.${i}.invoiceNo`, `Invoice/DC No. ${i + 1}`, 110),
            cell(form, `report_data.consumables.${i}.vendor`, `Vendor ${i + 1}`, 130),
            numberCell(form, `report_data.consumables.${i}.rate`, `Rate ${i + 1}`),
            numberCell(form, `report_data.consumables.${i}.quantity`, `Quantity ${i + 1}`),
            <Text key="a" size="sm" pt={6} className={classes.figure} data-testid={`amount-${i}`}>
              {money(amounts[i] ?? null)}
            </Text>,
          ]}
          footer={
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={7} ta="right">
                  Total
                </Table.Th>
                <Table.Th className={classes.figure} data-testid="consumables-total">
                  {formatCurrency(total)}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          }
        />
      </Section>
      <Section title="Income & Other Expenses">
        <RowsTable
          form={form}
          path="report_data.otherExpenses"
          rows={data.otherExpenses}
          ariaLabel="Income & Other Expenses"
          minWidth={760}
          headers={['Date', 'Particulars', 'Income', 'Expenses']}
          addLabel="+ Add Row"
          blank={blankOther}
          cells={(i) => [
            <FormDate key="d" form={form} path={`report_data.otherExpenses.${i}.date`} />,
            cell(form, `report_data.otherExpenses.${i}.particulars`, `Particulars ${i + 1}`, 200),
            numberCell(form, `report_data.otherExpenses.${i}.income`, `Income ${i + 1}`, 110),
            numberCell(form, `report_data.otherExpenses.${i}.expenses`, `Expenses ${i + 1}`, 110),
          ]}
          footer={
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  Total
                </Table.Th>
                <Table.Th className={classes.figure} data-testid="income-total">
                  {formatCurrency(income)}
                </Table.Th>
                <Table.Th className={classes.figure} data-testid="expenses-total">
                  {formatCurrency(expenses)}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          }
        />
      </Section>
    </ReportFormFrame>
  )
}
