import { accountMessages, accountsToday, canUseAccounts } from '@daftar/domain/accounts'
import { Alert, Button, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { DataTable, nextPages } from '../../ui/list/DataTable.tsx'
import { ExportMenu } from '../../ui/list/ExportMenu.tsx'
import { notifyError, notifySuccess } from '../../ui/notify.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { useNarrow } from '../../ui/use-narrow.ts'
import { useOnceMutation } from '../../ui/use-once-mutation.ts'
import { AccountsFilters, useAccountFilters } from './AccountsFilters.tsx'
import { accountsApi, accountsKey, type DocRow, listQuery, summaryQuery } from './api.ts'
import { DetailsModal, type DocRef } from './DetailsModal.tsx'
import { documentColumns, type RowAction } from './DocumentsTable.tsx'
import { dateOf, idOf, type KindConfig, numberOf, payablesConfig, receivablesConfig } from './kinds.ts'
import { documentWithKeptPayment, RecordPaymentModal } from './PaymentModals.tsx'
import { AgingStrip, SummaryCards } from './SummaryCards.tsx'

type Confirm = {
  kind: 'delete' | 'cancel' | 'editLive'
  row: { id: string; number: string; status: DocRow['status'] }
} | null

/** The receivables page and its mirror, the payables page (docs/product.md, "Lists, summary and export"). */
function AccountsListPage({ config }: { config: KindConfig }) {
  const { data: me } = useMe()
  const narrow = useNarrow()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { filters, set, dates, datesInvalid } = useAccountFilters(config)
  const allowed = Boolean(me?.can_open_accounts)
  const list = useInfiniteQuery({ ...listQuery(config.kind, filters), enabled: allowed && !datesInvalid })
  const summary = useQuery({ ...summaryQuery(config.kind, filters), enabled: allowed && !datesInvalid })
  // A Record Payment being filled when the session expired: its document opens again (DetailsModal).
  const [viewing, setViewing] = useState<string | null>(() => documentWithKeptPayment(config.kind))
  const [paying, setPaying] = useState<Omit<DocRef, 'status'> | null>(null)
  const [confirm, setConfirm] = useState<Confirm>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountsKey(config.kind) })

  const markLive = useMutation({
    mutationFn: (id: string) => accountsApi.markLive(config.kind, id),
    onSuccess: () => notifySuccess(config.toasts.marked),
    onError: (error) => notifyError(errorMessage(error, config.toasts.markFailed)),
    onSettled: refresh,
  })
  // A second click of the dialog's button in the same tick (a double click) sends nothing more.
  const remove = useOnceMutation({
    mutationFn: ({ kind, row }: NonNullable<Confirm>) =>
      kind === 'cancel'
        ? accountsApi.cancel(config.kind, row.id)
        : accountsApi.remove(config.kind, row.id, row.status === 'DRAFT' ? 'DRAFT' : 'CANCELLED'),
    onSuccess: (res) => notifySuccess(res?.message || config.toasts.removed),
    onError: (error) => notifyError(errorMessage(error, config.toasts.removeFailed)),
    onSettled: () => {
      setConfirm(null)
      return refresh()
    },
  })

  const edit = (row: { id: string; number: string; status: DocRow['status'] }) => {
    if (row.status === 'DRAFT') navigate(`${config.route}/${row.id}/edit`)
    else setConfirm({ kind: 'editLive', row })
  }
  const onAction = (action: RowAction, doc: DocRow) => {
    const row = { id: idOf(doc), number: numberOf(doc), status: doc.status }
    if (action === 'view') setViewing(row.id)
    else if (action === 'markLive') markLive.mutate(row.id)
    else if (action === 'recordPayment') setPaying({ ...row, due: doc.amount_due, dated: dateOf(doc) })
    else if (action === 'edit') edit(row)
    else setConfirm({ kind: action, row })
  }

  if (me && !allowed)
    return (
      <Stack>
        <PageHeader title={config.title} />
        <Alert color="red">{accountMessages.accountsOnly}</Alert>
      </Stack>
    )

  // On a phone the aging strip folds with the filters, so the first document shows without scrolling.
  const aging = (
    <AgingStrip
      aging={summary.data?.aging}
      active={filters.aging}
      onSelect={(b) => set({ aging: b || null })}
    />
  )
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
    <Stack gap="md" w="100%">
      <PageHeader
        title={config.title}
        actions={
          <>
            <ExportMenu
              fileName={config.kind === 'RECEIVABLE' ? 'receivables-export' : 'payables-export'}
              download={(format) => accountsApi.exportFile(config.kind, filters, format)}
              disabled={datesInvalid}
              failure={errorMessage}
            />
            <Button component={Link} to={`${config.route}/add`} leftSection={<IconPlus size={16} />}>
              {config.addButton}
            </Button>
          </>
        }
      />
      <SummaryCards
        config={config}
        summary={summary.data}
        filtered={Boolean(dates.startDate && dates.endDate)}
      />
      {!narrow && aging}
      <AccountsFilters
        config={config}
        filters={filters}
        dates={dates}
        datesInvalid={datesInvalid}
        set={set}
        folded={narrow ? aging : undefined}
      />
      <DataTable
        label={config.title}
        columns={documentColumns(config, {
          today: accountsToday(),
          isAdmin: Boolean(me?.isadmin),
          canPay: canUseAccounts(me),
          onAction,
        })}
        rows={datesInvalid ? [] : list.data?.pages.flatMap((p) => p.rows)}
        rowKey={idOf}
        onRowClick={(row) => setViewing(idOf(row))}
        linkColumn="number"
        loading={list.isPending && !datesInvalid}
        loadingText={config.loading}
        error={list.isError ? `Error: ${errorMessage(list.error, list.error.message)}` : null}
        emptyText={config.empty}
        minWidth={860}
        more={nextPages(list)}
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
          } else remove.run(confirm)
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
