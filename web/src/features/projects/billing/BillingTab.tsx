import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../../api/client.ts'
import { canWrite, type RecordAccess } from '../../../ui/access-api.ts'
import { notifyError, notifySuccess } from '../../../ui/notify.ts'
import { registerRoots } from '../../../ui/register-kit/roots.ts'
import { type Billing, billingApi, billingQuery } from '../api.ts'
import { AddInvoiceModal } from './AddInvoiceModal.tsx'
import { DeleteInvoiceModal } from './DeleteInvoiceModal.tsx'
import { EditInvoiceModal } from './EditInvoiceModal.tsx'
import { type InvoiceDialog, InvoiceTable } from './InvoiceTable.tsx'
import { MetricCards } from './MetricCards.tsx'
import { StatusModal } from './StatusModal.tsx'

const paise = (v: number | null) => Math.round((v ?? 0) * 100)

/**
 * The Billing tab: metric cards, the invoices, and their add / edit / status / delete dialogs. Until the
 * invoices arrive, the project's own access level decides the note and the add button, so neither
 * appears or goes when they do (no layout shift).
 */
export function BillingTab({ projectId, projectAccess }: { projectId: string; projectAccess: RecordAccess }) {
  const queryClient = useQueryClient()
  const billing = useQuery(billingQuery(projectId))
  const [dialog, setDialog] = useState<InvoiceDialog>(null)
  const key = billingQuery(projectId).queryKey
  // The cards, the project's figures and the lists' billed amounts all follow a change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: [registerRoots.PROJECT.queryKey] })

  const remove = useMutation({
    mutationFn: ({ invoiceId, password }: { invoiceId: string; password: string }) =>
      billingApi.remove(invoiceId, password),
    onMutate: async ({ invoiceId }) => {
      setDialog(null)
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<Billing>(key)
      queryClient.setQueryData<Billing>(key, (old) => {
        const gone = old?.invoices.find((i) => i.invoice_id === invoiceId)
        if (!old || !gone) return old
        return {
          ...old,
          invoices: old.invoices.filter((i) => i.invoice_id !== invoiceId),
          summary: {
            ...old.summary,
            total_billed_amount: (paise(old.summary.total_billed_amount) - paise(gone.amount)) / 100,
            total_cost_incurred: (paise(old.summary.total_cost_incurred) - paise(gone.cost_incurred)) / 100,
          },
        }
      })
      return { previous }
    },
    onError: (err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
      notifyError(errorMessage(err, 'Failed to delete invoice. Restoring...'))
    },
    onSuccess: (res) => notifySuccess(res.message),
    onSettled: refresh,
  })

  const access = billing.data?.access_level ?? projectAccess
  return (
    <Stack gap="md">
      {!billing.isError && <MetricCards summary={billing.data?.summary} />}
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={4} fz="md">
            Invoices
          </Title>
          <Text size="sm" c="dimmed">
            Newest first.{' '}
            {access === 'ADMIN' ? '' : 'Only administrators can change an invoice’s status or delete it.'}
          </Text>
        </div>
        {canWrite(access) && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
            Add Invoice
          </Button>
        )}
      </Group>
      <InvoiceTable
        invoices={billing.data?.invoices}
        loading={billing.isPending}
        error={
          billing.isError ? `Error loading invoices: ${errorMessage(billing.error, 'Unknown error')}` : null
        }
        access={access}
        onDialog={setDialog}
      />
      {dialog?.kind === 'add' && (
        <AddInvoiceModal projectId={projectId} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'edit' && (
        <EditInvoiceModal invoice={dialog.invoice} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'status' && (
        <StatusModal invoice={dialog.invoice} onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteInvoiceModal
          invoice={dialog.invoice}
          onClose={() => setDialog(null)}
          onConfirm={(password) => remove.mutate({ invoiceId: dialog.invoice.invoice_id, password })}
        />
      )}
    </Stack>
  )
}
