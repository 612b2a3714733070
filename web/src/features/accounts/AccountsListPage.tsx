import { accountMessages, canUseAccounts } from '@daftar/domain/accounts'
import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { notify, notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { AccountsFilters, useAccountFilters } from './AccountsFilters.tsx'
import {
  accountsApi,
  accountsKey,
  type DocRow,
  failureText,
  fetchCsv,
  listQuery,
  summaryQuery,
} from './api.ts'
import { DetailsModal } from './DetailsModal.tsx'
import { DocumentsTable, type RowAction } from './DocumentsTable.tsx'
import { type KindConfig, payablesConfig, receivablesConfig } from './kinds.ts'
import { RecordPaymentModal } from './PaymentModals.tsx'
import { AgingStrip, SummaryCards } from './SummaryCards.tsx'

type Confirm = { kind: 'delete' | 'cancel' | 'editLive'; row: DocRow } | null

/** The receivables page and its mirror, the payables page (docs/product.md, "Lists, summary and export"). */
function AccountsListPage({ config }: { config: KindConfig }) {
  const { data: me } = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { filters, set, datesInvalid } = useAccountFilters(config)
  const allowed = Boolean(me?.can_open_accounts)
  const list = useInfiniteQuery({ ...listQuery(config, filters), enabled: allowed && !datesInvalid })
  const summary = useQuery({ ...summaryQuery(config, filters), enabled: allowed && !datesInvalid })
  const [viewing, setViewing] = useState<string | null>(null)
  const [paying, setPaying] = useState<{ id: string; number: string; due: number } | null>(null)
  const [confirm, setConfirm] = useState<Confirm>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountsKey(config.kind) })

  const markLive = useMutation({
    mutationFn: (row: DocRow) => accountsApi.markLive(config, row.id),
    onSuccess: () => notifySuccess(config.toasts.marked),
    onError: (error) => notifyError(failureText(error, config.toasts.markFailed)),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: ({ kind, row }: { kind: 'delete' | 'cancel'; row: DocRow }) =>
      kind === 'cancel'
        ? accountsApi.cancel(config, row.id)
        : accountsApi.remove(config, row.id, row.status === 'DRAFT' ? 'DRAFT' : 'CANCELLED'),
    onSuccess: (res) => notifySuccess(res?.message || config.toasts.removed),
    onError: (error) => notifyError(failureText(error, config.toasts.removeFailed)),
    onSettled: () => {
      setConfirm(null)
      return refresh()
    },
  })
  const exportCsv = useMutation({
    mutationFn: () => fetchCsv(config, filters),
    onMutate: () => notify('Preparing your CSV export...', { error: false }),
    onSuccess: ({ blob, rows, name }) => {
      if (rows === 0) return notify('No data to export for the current filters.', { error: false })
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = name
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    },
    onError: (error) => notifyError(failureText(error, 'Failed to export data.')),
  })

  const edit = (row: { id: string; status: DocRow['status'] }) => {
    if (row.status === 'DRAFT') navigate(`${config.route}/${row.id}/edit`)
    else setConfirm({ kind: 'editLive', row: row as DocRow })
  }
  const onAction = (action: RowAction, row: DocRow) => {
    if (action === 'view') setViewing(row.id)
    else if (action === 'markLive') markLive.mutate(row)
    else if (action === 'recordPayment') setPaying(row)
    else if (action === 'edit') edit(row)
    else setConfirm({ kind: action, row })
  }
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  if (me && !allowed)
    return (
      <Stack maw={1200} mx="auto">
        <PageHeader title={config.title} />
        <Alert color="red">{accountMessages.accountsOnly}</Alert>
      </Stack>
    )

  const rows = list.data?.pages.flatMap((p) => p.rows) ?? []
  const confirmText =
    confirm &&
    {
      delete: {
        title: config.confirm.deleteTitle,
        message: `Are you sure you want to permanently delete ${config.noun} ${confirm.row.number}?`,
        label: 'Delete',
        keep: 'Cancel',
      },
      cancel: {
        title: config.confirm.cancelTitle,
        message: `Are you sure you want to cancel ${config.noun} ${confirm.row.number}?`,
        label: `Cancel ${config.noun}`,
        keep: `Keep ${config.noun}`,
      },
      editLive: {
        title: config.confirm.editLiveTitle,
        message: config.confirm.editLive,
        label: 'Edit',
        keep: 'Cancel',
      },
    }[confirm.kind]

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title={config.title}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => exportCsv.mutate()}
              loading={exportCsv.isPending}
              disabled={datesInvalid}
            >
              Export CSV
            </Button>
            <Button component={Link} to={`${config.route}/add`} leftSection={<IconPlus size={16} />}>
              {config.addButton}
            </Button>
          </>
        }
      />
      <SummaryCards
        config={config}
        summary={summary.data}
        filtered={Boolean(filters.startDate && filters.endDate)}
      />
      <AgingStrip
        aging={summary.data?.aging}
        active={filters.aging}
        onSelect={(b) => set({ aging: b || null })}
      />
      <Group justify="space-between" align="flex-end">
        <AccountsFilters config={config} filters={filters} datesInvalid={datesInvalid} set={set} />
      </Group>
      <DocumentsTable
        config={config}
        rows={rows}
        isAdmin={Boolean(me?.isadmin)}
        canPay={canUseAccounts(me)}
        loading={list.isPending && !datesInvalid}
        error={list.isError ? `Error: ${failureText(list.error, list.error.message)}` : null}
        hasMore={Boolean(hasNextPage)}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
        onAction={onAction}
      />
      {viewing && me && (
        <DetailsModal
          config={config}
          id={viewing}
          user={me}
          onClose={() => setViewing(null)}
          onRecordPayment={(doc) => setPaying(doc)}
          onEdit={(doc) => {
            setViewing(null)
            edit(doc)
          }}
        />
      )}
      {paying && <RecordPaymentModal config={config} doc={paying} onClose={() => setPaying(null)} />}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirmText?.title ?? ''}
        message={confirmText?.message ?? ''}
        confirmLabel={confirmText?.label ?? ''}
        cancelLabel={confirmText?.keep}
        color={confirm?.kind === 'editLive' ? undefined : 'red'}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return
          if (confirm.kind === 'editLive') {
            setConfirm(null)
            navigate(`${config.route}/${confirm.row.id}/edit`)
          } else remove.mutate({ kind: confirm.kind, row: confirm.row })
        }}
      />
    </Stack>
  )
}

export function ReceivablesPage() {
  return <AccountsListPage config={receivablesConfig} key="receivables" />
}

export function PayablesPage() {
  return <AccountsListPage config={payablesConfig} key="payables" />
}
