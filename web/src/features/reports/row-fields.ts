/**
 * The row tables of the three reports, declared once: their columns, in order, with the kind of value
 * each holds. The forms build their inputs and blank rows from them, the detail page its tables, so a
 * column is named and ordered in one place (docs/product.md, "Staff reports").
 */
export type RowKind = 'text' | 'number' | 'money' | 'date' | 'rating' | 'amount'

export interface RowField {
  key: string
  label: string
  kind: RowKind
  /** The input's least width in the form's table (its card on a phone takes the card's width). */
  width?: number
}

export interface RowTable {
  /** The form path under report_data, and the stored key. */
  key: string
  title: string
  /** What one row is called on a phone card ('Item 2'). */
  noun: string
  fields: RowField[]
  addLabel?: string
}

export const itemsTable: RowTable = {
  key: 'items',
  title: 'Items',
  noun: 'Item',
  addLabel: '+ Add Item',
  fields: [
    { key: 'itemName', label: 'Item Name', kind: 'text', width: 160 },
    { key: 'size', label: 'Size', kind: 'text', width: 80 },
    { key: 'quantity', label: 'Quantity', kind: 'number', width: 90 },
    { key: 'units', label: 'Units', kind: 'text', width: 80 },
    { key: 'moc', label: 'MoC', kind: 'text', width: 90 },
    { key: 'make', label: 'Make', kind: 'text', width: 100 },
  ],
}

export const operatorsTable: RowTable = {
  key: 'operators',
  title: 'Operators Particulars',
  noun: 'Operator',
  addLabel: '+ Add Operator',
  fields: [
    { key: 'name', label: 'Operator', kind: 'text', width: 160 },
    { key: 'duties', label: 'Duties', kind: 'number', width: 80 },
    { key: 'knowledge', label: 'Knowledge', kind: 'rating' },
    { key: 'punctuality', label: 'Punctuality', kind: 'rating' },
    { key: 'grooming', label: 'Grooming', kind: 'rating' },
    { key: 'performance', label: 'Performance', kind: 'rating' },
  ],
}

export const complaintsTable: RowTable = {
  key: 'complaints',
  title: 'Customer Complaints',
  noun: 'Complaint',
  addLabel: '+ Add Complaint',
  fields: [
    { key: 'nature', label: 'Nature of Complaint', kind: 'text', width: 200 },
    { key: 'dateOfComplaint', label: 'Date of Complaint', kind: 'date' },
    { key: 'dateResolved', label: 'Date Resolved', kind: 'date' },
    { key: 'prevention', label: 'Prevention Suggestions', kind: 'text', width: 200 },
  ],
}

export const consumablesTable: RowTable = {
  key: 'consumables',
  title: 'Consumable & Site Expenses',
  noun: 'Expense',
  addLabel: '+ Add Row',
  fields: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'itemName', label: 'Item Name', kind: 'text', width: 150 },
    { key: 'invoiceNo', label: 'Invoice/DC No.', kind: 'text', width: 110 },
    { key: 'vendor', label: 'Vendor', kind: 'text', width: 130 },
    { key: 'rate', label: 'Rate', kind: 'money', width: 90 },
    { key: 'quantity', label: 'Quantity', kind: 'number', width: 90 },
    { key: 'amount', label: 'Amount', kind: 'amount' },
  ],
}

export const otherExpensesTable: RowTable = {
  key: 'otherExpenses',
  title: 'Income & Other Expenses',
  noun: 'Entry',
  addLabel: '+ Add Row',
  fields: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'particulars', label: 'Particulars', kind: 'text', width: 200 },
    { key: 'income', label: 'Income', kind: 'money', width: 110 },
    { key: 'expenses', label: 'Expenses', kind: 'money', width: 110 },
  ],
}

const inspectionFields: RowField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'remarks', label: 'Remarks', kind: 'text' },
]
export const supervisorInspectionsTable: RowTable = {
  key: 'supervisorInspections',
  title: 'Supervisor Inspections',
  noun: 'Inspection',
  fields: inspectionFields,
}
export const managerInspectionsTable: RowTable = {
  key: 'managerInspections',
  title: 'Manager Inspections',
  noun: 'Inspection',
  fields: inspectionFields,
}

/** A blank row of a table: every input empty (an amount is computed, never typed). */
export function blankRow(table: RowTable): Record<string, string> {
  return Object.fromEntries(table.fields.filter((f) => f.kind !== 'amount').map((f) => [f.key, '']))
}

/** A table's starting rows (docs/product.md, "Staff reports": 4 items, 4 operators, 3 complaints …). */
export const blankRows = (table: RowTable, n: number) => Array.from({ length: n }, () => blankRow(table))
