import { payableInput, receivableInput } from '@daftar/domain/accounts'
import { formatCurrency } from '@daftar/domain/format'
import { computeGst, formGstTypes, type GstType, gstTypeLabels, proposeGstType } from '@daftar/domain/gst'
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import {
  clientDropdownQuery,
  projectDropdownQuery,
  supplierDropdownQuery,
} from '../../api/register-queries.ts'
import { LeaveGuard } from '../../ui/form/LeaveGuard.tsx'
import { fieldErrors, focusFirstError } from '../../ui/form-errors.ts'
import { CountedTextarea, CountedTextInput, DateField } from '../../ui/register-kit/fields.tsx'
import { SearchSelect } from '../../ui/SearchSelect.tsx'
import classes from './accounts.module.css'
import { accountsOrganisationQuery, type DocumentForm as DocumentFormValues, toBody } from './api.ts'
import type { KindConfig } from './kinds.ts'
import { blankLine, type LineDraft, LineItemsEditor } from './LineItemsEditor.tsx'

export interface FormState {
  partyId: string | null
  projectId: string | null
  number: string
  date: string | null
  dueDate: string | null
  description: string
  lines: LineDraft[]
  gstType: GstType
  isRcm: boolean
}

export const emptyForm = (today: string): FormState => ({
  partyId: null,
  projectId: null,
  number: '',
  date: today,
  dueDate: null,
  description: '',
  lines: [blankLine()],
  gstType: 'INTRASTATE',
  isRcm: false,
})

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() ? Number(v) : Number.NaN)

/** Invalid lines are dropped on submit (docs/product.md, "Invoices and bills"): the schema does it, so the server agrees. */
export function toValues(s: FormState): DocumentFormValues {
  return {
    partyId: s.partyId,
    projectId: s.projectId,
    number: s.number,
    date: s.date,
    dueDate: s.dueDate,
    description: s.description,
    lines: s.lines.map((l) => ({
      description: l.description,
      sac_code: l.sac_code,
      qty: num(l.qty),
      unit: l.unit,
      rate: num(l.rate),
      gst_rate: l.gst_rate,
    })),
    gstType: s.gstType,
    isRcm: s.isRcm,
  }
}

/** The invoice and bill form (docs/product.md, "Invoices and bills"): party, project, number, dates, lines, GST type, RCM, live totals. */
export function DocumentForm({
  config,
  initial,
  submitLabel,
  busy,
  saved = false,
  onSubmit,
  onCancel,
}: {
  config: KindConfig
  initial: FormState
  submitLabel: string
  busy: boolean
  /** Saved: the page is about to leave, so the leave guard stands down. */
  saved?: boolean
  onSubmit: (values: DocumentFormValues) => void
  onCancel: () => void
}) {
  const receivable = config.kind === 'RECEIVABLE'
  const clients = useQuery({ ...clientDropdownQuery, enabled: receivable })
  const suppliers = useQuery({ ...supplierDropdownQuery, enabled: !receivable })
  const projects = useQuery(projectDropdownQuery)
  const org = useQuery(accountsOrganisationQuery)
  const [state, setState] = useState(initial)
  const [gstTouched, setGstTouched] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }))

  const parties = receivable
    ? (clients.data ?? []).map((c) => ({ value: c.client_id, label: c.name, gstin: c.gstin }))
    : (suppliers.data ?? []).map((s) => ({ value: s.supplier_id, label: s.name, gstin: s.gstin }))
  const partyGstin = parties.find((p) => p.value === state.partyId)?.gstin ?? null
  const proposal = proposeGstType(org.data?.gstin, partyGstin)

  /** A new party proposes the GST type from the two GSTINs, until the user picks one. */
  function choosePartyId(partyId: string | null) {
    setState((s) => {
      const gstin = parties.find((p) => p.value === partyId)?.gstin
      const proposed = proposeGstType(org.data?.gstin, gstin)
      return { ...s, partyId, gstType: !gstTouched && proposed ? proposed : s.gstType }
    })
  }

  function chooseProject(projectId: string | null) {
    const project = projects.data?.find((p) => p.project_id === projectId)
    if (receivable && project) {
      set('projectId', projectId)
      choosePartyId(project.client_id)
    } else if (receivable && !projectId && state.projectId) {
      // Clearing the project unlocks and clears the client (docs/product.md, "Invoices and bills").
      setState((s) => ({ ...s, projectId: null, partyId: null }))
    } else set('projectId', projectId)
  }

  const values = toValues(state)
  const [pristine] = useState(() => JSON.stringify(toValues(initial)))
  const dirty = JSON.stringify(values) !== pristine
  const schema = receivable ? receivableInput : payableInput
  const validation = schema.safeParse(toBody(config.kind, values))
  const issues = validation.success ? {} : fieldErrors(validation.error.issues)
  const errors = submitted ? issues : {}
  // A due date before the document's date is kept as typed and refused at once, with the reason.
  const dueDateError = errors.due_date ?? (state.dueDate ? issues.due_date : undefined)
  const live = computeGst(
    values.lines.map((l) => ({
      qty: Number.isFinite(l.qty) ? l.qty : 0,
      rate: Number.isFinite(l.rate) ? l.rate : 0,
      gst_rate: l.gst_rate,
    })),
    state.gstType,
    state.isRcm,
  )
  const t = live.totals
  const heads: [string, number][] = [
    ['CGST', t.cgst],
    ['SGST', t.sgst],
    ['IGST', t.igst],
    ['Round Off', t.roundOff],
  ]

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (validation.success) onSubmit(values)
    else requestAnimationFrame(() => focusFirstError(form.current))
  }
  const partyKey = receivable ? 'client_id' : 'supplier_id'
  const numberKey = receivable ? 'invoice_no' : 'vendor_invoice_no'
  const dateKey = receivable ? 'invoice_date' : 'bill_date'

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <LeaveGuard when={dirty && !saved} />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {receivable && state.projectId ? (
              // A project fixes the client: the input is locked until the project is cleared.
              <TextInput
                label={config.partyLabel}
                required
                readOnly
                variant="filled"
                value={parties.find((p) => p.value === state.partyId)?.label ?? ''}
                description={partyGstin ? `GSTIN ${partyGstin} · set by the project` : 'Set by the project'}
                error={errors[partyKey]}
              />
            ) : (
              <SearchSelect
                label={config.partyLabel}
                required
                placeholder={receivable ? 'Type a client name' : 'Type a supplier name'}
                options={parties.map((p) => ({
                  value: p.value,
                  label: p.label,
                  description: p.gstin ? `GSTIN ${p.gstin}` : null,
                }))}
                value={state.partyId}
                onChange={choosePartyId}
                loading={receivable ? clients.isPending : suppliers.isPending}
                error={errors[partyKey]}
              />
            )}
            <SearchSelect
              label="Project"
              placeholder="Optional"
              options={(projects.data ?? []).map((p) => ({
                value: p.project_id,
                label: p.name,
                description: p.client_name,
              }))}
              value={state.projectId}
              onChange={chooseProject}
              loading={projects.isPending}
              error={errors.project_id}
            />
            <CountedTextInput
              label={config.numberField}
              required
              value={state.number}
              onChange={(e) => set('number', e.currentTarget.value)}
              error={errors[numberKey]}
              maxLength={60}
            />
            <SimpleGrid cols={2} spacing="sm">
              <DateField
                label={config.dateField}
                required
                clearable={false}
                value={state.date}
                onChange={(v) => set('date', v)}
                error={errors[dateKey]}
              />
              <DateField
                label="Due Date"
                value={state.dueDate}
                onChange={(v) => set('dueDate', v)}
                clearable
                error={dueDateError}
              />
            </SimpleGrid>
          </SimpleGrid>
          <CountedTextarea
            mt="sm"
            label="Description"
            value={state.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={2000}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={700} mb="xs">
            Line Items
          </Text>
          <LineItemsEditor
            lines={state.lines}
            computed={live.lines}
            isRcm={state.isRcm}
            error={
              errors.line_items ?? Object.entries(errors).find(([k]) => k.startsWith('line_items.'))?.[1]
            }
            onChange={(lines) => set('lines', lines)}
          />
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Select
                label="GST Type"
                data={formGstTypes.map((g) => ({ value: g, label: gstTypeLabels[g] }))}
                value={state.gstType}
                onChange={(v) => {
                  if (!v) return
                  setGstTouched(true)
                  set('gstType', v as GstType)
                }}
                allowDeselect={false}
                description={
                  proposal
                    ? `Proposed from the GSTINs: ${proposal === 'INTRASTATE' ? 'same state' : 'different states'}.`
                    : undefined
                }
              />
              <Checkbox
                label="Reverse Charge Mechanism (RCM): no GST is added"
                checked={state.isRcm}
                onChange={(e) => set('isRcm', e.currentTarget.checked)}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md" className={classes.totals} aria-label="Totals">
            <Stack gap={4}>
              <Total label="Subtotal" paise={t.subtotal} />
              {heads
                .filter(([, v]) => v !== 0)
                .map(([label, v]) => (
                  <Total key={label} label={label} paise={v} />
                ))}
              <Divider my={4} />
              <Total label="Total" paise={t.total} strong />
            </Stack>
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function Total({ label, paise, strong }: { label: string; paise: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-total={label}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {formatCurrency(paise / 100)}
      </Text>
    </Group>
  )
}
