import { enableTwoFactorInput, twoFactorEndpoints } from '@daftar/domain/security'
import { Alert, Loader, Modal } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call, errorMessage } from '../../api/client.ts'
import { ModalForm } from '../../ui/form/ModalForm.tsx'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'
import { QrAndSecret, RecoveryCodesPanel, TotpCodeInput } from '../auth/TwoFactorParts.tsx'
import { securityKeys } from './security-api.ts'

/**
 * 'Set up two-factor sign-in': the QR code and key, a first code from the app to prove it works,
 * then the ten recovery codes, shown once and closed only once the user says they are kept.
 */
export function TwoFactorSetupModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const [codes, setCodes] = useState<string[] | null>(null)
  if (codes) {
    const finish = () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.all })
      onClose()
    }
    return (
      <Modal
        opened
        onClose={() => {}}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        centered
        title="Save your recovery codes"
      >
        <RecoveryCodesPanel codes={codes} doneLabel="Done" onDone={finish} />
      </Modal>
    )
  }
  return <ScanAndConfirm onClose={onClose} onEnabled={setCodes} />
}

function ScanAndConfirm({
  onClose,
  onEnabled,
}: {
  onClose: () => void
  onEnabled: (codes: string[]) => void
}) {
  const setup = useQuery({
    queryKey: [...securityKeys.all, 'setup'],
    queryFn: () => call(twoFactorEndpoints.setup),
    // One key per opening of the dialog: a new one would not match what was just scanned.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  })
  const f = useSchemaForm({
    schema: enableTwoFactorInput,
    initialValues: { code: '' },
    submit: (body) => call(twoFactorEndpoints.enable, { body }),
    failed: 'Failed to turn on two-factor sign-in.',
    toastErrors: false,
    successText: () => 'Two-factor sign-in is on.',
    validateInputOnBlur: false,
    onSuccess: (answer) => onEnabled(answer.recovery_codes),
  })
  return (
    <ModalForm f={f} onClose={onClose} title="Set up two-factor sign-in" submit={{ submitLabel: 'Turn on' }}>
      {setup.isPending && <Loader size="sm" mx="auto" aria-label="Preparing your key" />}
      {setup.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(setup.error, 'Failed to start the setup.')}
        </Alert>
      )}
      {setup.data && (
        <>
          <QrAndSecret setup={setup.data} />
          <TotpCodeInput
            data-autofocus
            description="Then enter the code your app shows for Daftar."
            {...f.form.getInputProps('code')}
          />
        </>
      )}
    </ModalForm>
  )
}
