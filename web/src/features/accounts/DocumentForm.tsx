import { formatCurrency } from '@daftar/domain/format'
import { computeGst, formGstTypes, type GstType, gstTypeLabels, proposeGstType } from '@daftar/domain/gst'
import { Checkbox, Divider, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod'
import {
  clientDropdownQuery,
  projectDropdownQuery,
  supplierDropdownQuery,
} from '../../api/register-queries.ts'
import { FormFailure } from '../../ui/form/FormFailure.tsx'
import { FormActions } from '../../ui/form/FormModal.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { CountedTextarea, CountedTextInput, DateField } from '../../ui/register-kit/fields.tsx'
import { SearchSelect } from '../../ui/SearchSelect.tsx'
import classes from './accounts.module.css'
import { accountsKey, accountsOrganisationQuery, type DocDetail, type DocumentBody } from './api.ts'
import type { KindConfig } from './kinds.ts'
import { blankLine, type LineDraft, LineItemsEditor } from './LineItemsEditor.tsx'

/** The values of the form: the request body of the kind, under the API's own names. */
export interface DocumentValues {
  client_id?: string | null
  supplier_id?: string | null
  invoice_no?: string
  vendor_invoice_no?: string
  invoice_date?: string | null
  bill_date?: string | null
  project_id: string | null
  due_date: string | null
  description: string
  line_items: LineDraft[]
  gst_type: GstType
  is_rcm: boolean
}

export const emptyValues = (config: KindConfig, today: string): DocumentValues => ({
  [config.keys.party]: null,
  [config.keys.number]: '',
  [config.keys.date]: today,
  project_id: null,
  due_date: null,
  description: '',
  line_items: [blankLine()],
  gst_type: 'INTRASTATE',
  is_rcm: false,
})

/** An answer of the API as the form's values: the same names, the lines with a key to edit them by. */
export function valuesOf(config: KindConfig, d: DocDetail): DocumentValues {
  const own = d as unknown as Record<string, string | null>
  return {
    [config.keys.party]: own[config.keys.party],
    [config.keys.number]: own[config.keys.number],
    [config.keys.date]: own[config.keys.date],
    project_id: d.project_id,
    due_date: d.due_date,
    description: d.description ?? '',
    line_items: d.line_items.map((l) => ({
      ...blankLine(),
      description: l.description,
      sac_code: l.sac_code ?? '',
      qty: l.qty,
      unit: l.unit,
      rate: l.rate,
      gst_rate: l.gst_rate,
    })),
    gst_type: d.gst_type === 'SEZ' ? 'EXEMPT' : d.gst_type,
    is_rcm: d.is_rcm,
  }
}

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() ? Number(v) : Number.NaN)

/**
 * The invoice and bill form (docs/product.md, "Invoices and bills"): party, project, number, dates,
 * lines, GST type, RCM, live totals. Validated by the request's domain schema alone; invalid lines are
 * dropped by it on submit, so the server agrees.
 */
export function DocumentForm({
  config,
  initial,
  submitLabel,
  submit: send,
  failed,
  draftKey,
  onCancel,
  savedTo,
}: {
  config: KindConfig
  initial: DocumentValues
  submitLabel: string
  /** With the form's request key: a retried create (a lost answer) makes one document. */
  submit: (body: DocumentBody, requestKey: string) => Promise<{ message: string }>
  failed: string
  draftKey?: string
  onCancel: () => void
  /** Where the form goes once saved (unless the person has gone elsewhere meanwhile). */
  savedTo: string
}) {
  const receivable = config.kind === 'RECEIVABLE'
  const clients = useQuery({ ...clientDropdownQuery, enabled: receivable })
  const suppliers = useQuery({ ...supplierDropdownQuery, enabled: !receivable })
  const projects = useQuery(projectDropdownQuery)
  const org = useQuery(accountsOrganisationQuery)
  const [gstTouched, setGstTouched] = useState(false)
  const f = useSchemaForm({
    schema: config.input as unknown as z.ZodType<DocumentBody, DocumentValues>,
    initialValues: initial,
    submit: (body, _values, requestKey) => send(body, requestKey),
    failed,
    invalidate: [accountsKey(config.kind)],
    openAfter: () => savedTo,
    draftKey,
  })
  const values = f.form.values
  const partyKey = config.keys.party
  const partyId = (values[partyKey] ?? null) as string | null
  const set = f.form.setFieldValue as (path: string, value: unknown) => void

  const parties = receivable
    ? (clients.data ?? []).map((c) => ({ value: c.client_id, label: c.name, gstin: c.gstin }))
    : (suppliers.data ?? []).map((s) => ({ value: s.supplier_id, label: s.name, gstin: s.gstin }))
  const partyGstin = parties.find((p) => p.value === partyId)?.gstin ?? null
  const proposal = proposeGstType(org.data?.gstin, partyGstin)

  /** A new party proposes the GST type from the two GSTINs, until the user picks one. */
  function choosePartyId(id: string | null) {
    set(partyKey, id)
    const gstin = parties.find((p) => p.value === id)?.gstin
    const proposed = proposeGstType(org.data?.gstin, gstin)
    if (!gstTouched && proposed) set('gst_type', proposed)
  }

  function chooseProject(projectId: string | null) {
    const project = projects.data?.find((p) => p.project_id === projectId)
    if (receivable && project) {
      set('project_id', projectId)
      choosePartyId(project.client_id)
    } else if (receivable && !projectId && values.project_id) {
      // Clearing the project unlocks and clears the client (docs/product.md, "Invoices and bills").
      set('project_id', null)
      set(partyKey, null)
    } else set('project_id', projectId)
  }

  const errors = f.form.errors
  const live = computeGst(
    values.line_items.map((l) => {
      const qty = num(l.qty)
      const rate = num(l.rate)
      return {
        qty: Number.isFinite(qty) ? qty : 0,
        rate: Number.isFinite(rate) ? rate : 0,
        gst_rate: l.gst_rate,
      }
    }),
    values.gst_type,
    values.is_rcm,
  )
  const t = live.totals
  const heads: [string, number][] = [
    ['CGST', t.cgst],
    ['SGST', t.sgst],
    ['IGST', t.igst],
    ['Round Off', t.roundOff],
  ]
  const text = (path: string) => f.form.getInputProps(path)
  return (
    <form {...f.formProps}>
      {f.guard}
      <Stack gap="md">
        <FormFailure failure={f.failure} />
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {receivable && values.project_id ? (
              // A project fixes the client: the input is locked until the project is cleared.
              <TextInput
                label={config.partyLabel}
                required
                readOnly
                variant="filled"
                value={parties.find((p) => p.value === partyId)?.label ?? ''}
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
                value={partyId}
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
              value={values.project_id}
              onChange={chooseProject}
              loading={projects.isPending}
              error={errors.project_id}
            />
            <CountedTextInput
              label={config.numberField}
              required
              {...text(config.keys.number)}
              maxLength={60}
            />
            <SimpleGrid cols={2} spacing="sm">
              <DateField label={config.dateField} required clearable={false} {...text(config.keys.date)} />
              <DateField label="Due Date" clearable {...text('due_date')} />
            </SimpleGrid>
          </SimpleGrid>
          <CountedTextarea
            mt="sm"
            label="Description"
            {...text('description')}
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
            lines={values.line_items}
            computed={live.lines}
            isRcm={values.is_rcm}
            error={
              (errors.line_items ?? Object.entries(errors).find(([k]) => k.startsWith('line_items.'))?.[1]) as
                | string
                | undefined
            }
            onChange={(lines) => set('line_items', lines)}
          />
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Select
                label="GST Type"
                data={formGstTypes.map((g) => ({ value: g, label: gstTypeLabels[g] }))}
                value={values.gst_type}
                onChange={(v) => {
                  if (!v) return
                  setGstTouched(true)
                  set('gst_type', v as GstType)
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
                checked={values.is_rcm}
                onChange={(e) => set('is_rcm', e.currentTarget.checked)}
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
        <FormActions onCancel={onCancel} busy={f.busy} submitLabel={submitLabel} />
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
