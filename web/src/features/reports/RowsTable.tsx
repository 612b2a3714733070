import { formatCurrency } from '@daftar/domain/format'
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type Column, DataTable } from '../../ui/list/DataTable.tsx'
import type { Totals } from '../../ui/list/DataTableEnd.tsx'
import type { FieldsForm } from '../../ui/register-kit/fields.tsx'
import { useNarrow } from '../../ui/use-narrow.ts'
import { at, FormDate } from './form-parts.tsx'
import classes from './reports.module.css'
import { blankRow, type RowField, type RowTable } from './row-fields.ts'

const ratings = ['Excellent', 'Good', 'Average', 'Poor']

/** An input's least width in the table, when its column does not name one. */
const defaultWidth: Record<RowField['kind'], number> = {
  text: 120,
  number: 90,
  money: 90,
  date: 140,
  rating: 120,
  amount: 90,
}

interface CellProps {
  form: FieldsForm
  path: string
  field: RowField
  /** The input's accessible name: its column and row ('Item Name 2'). */
  name: string
  /** The input's least width; none on a phone card, which gives it the card's width. */
  miw: number | undefined
  amount: number | null | undefined
}

/**
 * One input of a row, by the kind of its column. Its message shows in the box above the form; the cell
 * itself is only marked (red, `aria-invalid`), so a row keeps its height.
 */
function RowInput({ form, path, field, name, miw, amount }: CellProps) {
  const bound = { ...form.getInputProps(path), error: Boolean(form.errors[path]) }
  switch (field.kind) {
    case 'date':
      return <FormDate form={form} path={path} name={name} miw={miw} />
    case 'number':
    case 'money':
      return <NumberInput aria-label={name} miw={miw} min={0} hideControls {...bound} />
    case 'rating':
      return (
        <Select
          aria-label={name}
          data={ratings}
          placeholder="Rate"
          clearable
          miw={miw}
          comboboxProps={{ withinPortal: true }}
          value={(bound.value as string) || null}
          onChange={(v) => form.setFieldValue(path, v ?? '')}
        />
      )
    case 'amount':
      return (
        <Text size="sm" pt={6} className={classes.figure}>
          {amount === null || amount === undefined ? '' : formatCurrency(amount)}
        </Text>
      )
    default:
      return <TextInput aria-label={name} miw={miw} {...bound} />
  }
}

/**
 * A table of rows to fill in: '#', its columns, a remove button (while more than one row remains) and
 * '+ Add …'. On a phone each row is a card of labelled inputs (the list toolkit's table).
 */
export function RowsTable({
  form,
  table,
  minWidth,
  amounts,
  totals,
}: {
  form: FieldsForm
  table: RowTable
  minWidth: number
  /** The computed amount of each row (consumables). */
  amounts?: (number | null)[]
  totals?: Totals
}) {
  const narrow = useNarrow()
  const path = `report_data.${table.key}`
  const count = (at(form.values, path) as unknown[] | undefined)?.length ?? 0
  const columns: Column<number>[] = [
    {
      key: 'row',
      header: '#',
      width: 36,
      phone: 'title',
      render: (i) => (narrow ? <Text fw={600} size="sm">{`${table.noun} ${i + 1}`}</Text> : i + 1),
    },
    ...table.fields.map(
      (field): Column<number> => ({
        key: field.key,
        header: field.label,
        render: (i) => (
          <RowInput
            form={form}
            path={`${path}.${i}.${field.key}`}
            field={field}
            name={`${field.label} ${i + 1}`}
            miw={narrow ? undefined : (field.width ?? defaultWidth[field.kind])}
            amount={amounts?.[i]}
          />
        ),
      }),
    ),
    {
      key: 'remove',
      header: <VisuallyHidden>Remove</VisuallyHidden>,
      label: 'Remove',
      width: 44,
      phone: 'aside',
      render: (i) => (
        <ActionIcon
          variant="subtle"
          color="red"
          mt={4}
          aria-label={`Remove row ${i + 1}`}
          disabled={count <= 1}
          onClick={() => form.removeListItem(path, i)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    },
  ]
  return (
    <Stack gap="xs">
      <DataTable
        label={table.title}
        columns={columns}
        rows={Array.from({ length: count }, (_, i) => i)}
        rowKey={String}
        minWidth={minWidth}
        emptyText=""
        totals={totals}
      />
      <Group>
        <Button variant="light" size="xs" onClick={() => form.insertListItem(path, blankRow(table))}>
          {table.addLabel}
        </Button>
      </Group>
    </Stack>
  )
}
