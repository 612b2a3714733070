import { formatCurrency } from '@daftar/domain/format'
import { GST_RATES, type GstLineResult } from '@daftar/domain/gst'
import { ActionIcon, Button, NumberInput, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { CountedTextInput } from '../../ui/register-kit/fields.tsx'
import { useNarrow } from '../../ui/use-narrow.ts'
import classes from './accounts.module.css'

/** A line as the form holds it: numbers may be mid-typing (strings). */
export interface LineDraft {
  key: string
  description: string
  sac_code: string
  qty: number | string
  unit: string
  rate: number | string
  gst_rate: number
}

let sequence = 0
/** Defaults (docs/product.md, "Invoices and bills"): qty 1, unit 'Nos', rate 0, GST 18 %. */
export const blankLine = (): LineDraft => ({
  key: `line-${++sequence}`,
  description: '',
  sac_code: '',
  qty: 1,
  unit: 'Nos',
  rate: 0,
  gst_rate: 18,
})

export function LineItemsEditor({
  lines,
  computed,
  isRcm,
  error,
  onChange,
}: {
  lines: LineDraft[]
  computed: GstLineResult[]
  isRcm: boolean
  error?: string
  onChange: (lines: LineDraft[]) => void
}) {
  const update = (key: string, change: Partial<LineDraft>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)))
  // On a phone each line stacks its fields, each with its visible label, instead of a wide row.
  const narrow = useNarrow()
  // Each input is named with its line's number; on a phone it shows its label too.
  const named = (i: number, name: string, shown = name) => ({
    'aria-label': `${name} ${i + 1}`,
    label: narrow ? shown : undefined,
  })
  return (
    <Stack gap="xs">
      <div className={narrow ? undefined : classes.linesScroll}>
        {!narrow && (
          <div className={classes.lineGrid} aria-hidden>
            {['Description', 'SAC/HSN', 'Qty', 'Unit', 'Rate', 'GST %', 'Amount', ''].map((h) => (
              <Text key={h || 'remove'} size="xs" fw={700} c="dimmed" tt="uppercase">
                {h}
              </Text>
            ))}
          </div>
        )}
        {lines.map((line, i) => (
          <fieldset
            className={`${narrow ? classes.linePhone : classes.lineGrid} ${classes.lineRow}`}
            key={line.key}
            aria-label={`Line item ${i + 1}`}
          >
            <CountedTextInput
              {...named(i, 'Description')}
              value={line.description}
              onChange={(e) => update(line.key, { description: e.currentTarget.value })}
              maxLength={1000}
              placeholder="What was supplied"
            />
            <TextInput
              {...named(i, 'SAC/HSN')}
              value={line.sac_code}
              onChange={(e) => update(line.key, { sac_code: e.currentTarget.value })}
              maxLength={20}
            />
            <NumberInput
              {...named(i, 'Qty')}
              value={line.qty}
              onChange={(v) => update(line.key, { qty: v })}
              min={0}
              decimalScale={3}
              hideControls
            />
            <TextInput
              {...named(i, 'Unit')}
              value={line.unit}
              onChange={(e) => update(line.key, { unit: e.currentTarget.value })}
              maxLength={20}
            />
            <NumberInput
              {...named(i, 'Rate')}
              value={line.rate}
              onChange={(v) => update(line.key, { rate: v })}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              hideControls
            />
            <Select
              {...named(i, 'GST rate', 'GST %')}
              data={GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }))}
              value={String(line.gst_rate)}
              onChange={(v) => v && update(line.key, { gst_rate: Number(v) })}
              allowDeselect={false}
              disabled={isRcm}
            />
            <TextInput
              {...named(i, 'Amount')}
              value={formatCurrency((computed[i]?.basic ?? 0) / 100)}
              readOnly
              variant="filled"
              styles={{ input: { textAlign: 'right' } }}
            />
            <Tooltip label={lines.length === 1 ? 'The last line item cannot be removed' : 'Remove line'}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove line ${i + 1}`}
                disabled={lines.length === 1}
                onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </fieldset>
        ))}
      </div>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <div>
        <Button variant="light" size="xs" onClick={() => onChange([...lines, blankLine()])}>
          + Add Item
        </Button>
      </div>
    </Stack>
  )
}
