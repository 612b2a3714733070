import { accountsToday, canUseAccounts } from '@daftar/domain/accounts'
import { formatCurrency, formatDate } from '@daftar/domain/format'
import { type Gstr1Summary, gstEndpoints } from '@daftar/domain/gstr1'
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { MonthPickerInput } from '@mantine/dates'
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { Link, Navigate, useSearchParams } from 'react-router'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { notifyError } from '../../ui/notify.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { saveFile } from '../../ui/save-file.ts'
import { useOnceMutation } from '../../ui/use-once-mutation.ts'

/** The month before today's, in India: the return one usually files. */
function lastMonth(): string {
  const [year, month] = accountsToday().split('-').map(Number) as [number, number]
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`
}

const summaryQuery = (period: string) =>
  queryOptions({
    queryKey: ['accounts', 'gst', 'gstr1', period],
    queryFn: ({ signal }) => call(gstEndpoints.gstr1Summary, { query: { period }, signal }),
    placeholderData: keepPreviousData,
  })

/** The same route answering the offline tool's Excel workbook: a file, not JSON. */
const gstr1Excel = { ...gstEndpoints.gstr1, file: true as const }

const sections: {
  key: 'b2b' | 'b2cl' | 'b2cs' | 'nil' | 'hsn'
  label: string
  counts: 'invoice' | 'line'
}[] = [
  { key: 'b2b', label: 'B2B: registered clients', counts: 'invoice' },
  { key: 'b2cl', label: 'B2C large: other states, above ₹1,00,000', counts: 'invoice' },
  { key: 'b2cs', label: 'B2C small', counts: 'invoice' },
  { key: 'nil', label: 'Nil-rated and exempt', counts: 'invoice' },
  { key: 'hsn', label: 'HSN/SAC summary', counts: 'line' },
]

/**
 * GSTR-1 (docs/decisions.md, "GSTR-1"), admins and accountants: a month's outward supplies from the
 * receivables, section by section, what keeps them from being filed, and the offline tool's JSON.
 */
export default function GstReturnPage() {
  const { data: me } = useMe()
  const [params, setParams] = useSearchParams()
  const period = /^\d{4}-\d{2}$/.test(params.get('period') ?? '') ? params.get('period')! : lastMonth()
  const allowed = canUseAccounts(me)
  const summary = useQuery({ ...summaryQuery(period), enabled: allowed })
  const fp = `${period.slice(5)}${period.slice(0, 4)}`
  // Each download runs once however fast the clicks (useOnceMutation).
  const downloadJson = useOnceMutation({
    mutationFn: async () => {
      const json = await call(gstEndpoints.gstr1, { query: { period } })
      const blob = new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' })
      saveFile(blob, `GSTR1_${String(json.gstin)}_${fp}.json`)
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to prepare the GSTR-1 file.')),
  })
  const downloadExcel = useOnceMutation({
    mutationFn: async () => {
      const file = await call(gstr1Excel, { query: { period, format: 'xlsx' } })
      saveFile(file, file.fileName ?? `GSTR1_${summary.data?.gstin ?? ''}_${fp}.xlsx`)
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to prepare the GSTR-1 workbook.')),
  })
  if (me && !allowed) return <Navigate to="/" replace />
  const data = summary.data
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>GSTR-1</Title>
          <Text size="sm" c="dimmed">
            Outward supplies of the month, from the invoices sent in it. Drafts are left out.
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap">
          <MonthPickerInput
            label="Month"
            valueFormat="MMM YYYY"
            value={`${period}-01`}
            maxDate={accountsToday()}
            onChange={(value) => value && setParams({ period: value.slice(0, 7) }, { replace: true })}
            w={150}
          />
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadJson.run()}
            loading={downloadJson.isPending}
            disabled={!data}
          >
            Download JSON
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => downloadExcel.run()}
            loading={downloadExcel.isPending}
            disabled={!data}
          >
            Download Excel
          </Button>
        </Group>
      </Group>
      {summary.isPending ? (
        <Skeleton h={220} radius="md" />
      ) : summary.isError ? (
        <Alert color="red" title="GSTR-1 cannot be prepared">
          {errorMessage(summary.error, 'Failed to load GSTR-1.')}
          {me?.isadmin && (
            <Text size="sm" mt="xs">
              <Link to="/admin/settings">Open Settings</Link>
            </Text>
          )}
        </Alert>
      ) : (
        data && <Gstr1View data={data} />
      )}
    </Stack>
  )
}

function Gstr1View({ data }: { data: Gstr1Summary }) {
  return (
    <Stack gap="lg">
      {data.problems.length > 0 && (
        <Alert color="orange" title="To fix before filing">
          <List size="sm" spacing={4}>
            {data.problems.map((p) => {
              // An invoice whose place of supply is unknown links its client, to give it a state.
              const unplaced = data.unplaced.find((u) => u.client_id && p.startsWith(`Invoice ${u.number}:`))
              return (
                <List.Item key={p}>
                  {p}
                  {unplaced && (
                    <>
                      {' '}
                      <Link to={`/clients/${unplaced.client_id}/edit`}>Edit {unplaced.client}</Link>
                    </>
                  )}
                </List.Item>
              )
            })}
          </List>
        </Alert>
      )}
      <Text size="sm">
        GSTIN <b>{data.gstin}</b> ·{' '}
        {data.documents.total === 0
          ? 'No invoices were issued in this month.'
          : `Invoices ${data.documents.from} to ${data.documents.to}: ${data.documents.total} issued, ${data.documents.cancelled} cancelled.`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Sections">
        {sections.map((s) => {
          const t = data[s.key]
          return (
            <Paper key={s.key} withBorder p="md" radius="md" role="listitem" aria-label={s.label}>
              <Text fw={700} size="sm">
                {s.label}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t.count} {s.counts}
                {t.count === 1 ? '' : 's'}
              </Text>
              <Table fz="sm" verticalSpacing={2}>
                <Table.Tbody>
                  {(
                    [
                      ['Taxable value', t.txval],
                      ['IGST', t.iamt],
                      ['CGST', t.camt],
                      ['SGST', t.samt],
                    ] as const
                  ).map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Td c="dimmed">{label}</Table.Td>
                      <Table.Td ta="right">{formatCurrency(value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        })}
      </SimpleGrid>
      <div>
        <Title order={4} mb="xs">
          Cancelled in this month
        </Title>
        {data.cancelled.length === 0 ? (
          <Text size="sm" c="dimmed">
            No invoice of this month was cancelled.
          </Text>
        ) : (
          <ScrollTable minWidth={420} label="Cancelled invoices">
            <Table fz="sm" aria-label="Cancelled invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice No</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.cancelled.map((c) => (
                  <Table.Tr key={c.number}>
                    <Table.Td>{c.number}</Table.Td>
                    <Table.Td>{formatDate(c.date)}</Table.Td>
                    <Table.Td>{c.client}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(c.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </div>
    </Stack>
  )
}
