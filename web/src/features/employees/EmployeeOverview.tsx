import { type EmployeeDetail, employeeEndpoints } from '@daftar/domain/employees'
import { formatDate } from '@daftar/domain/format'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { call, errorMessage } from '../../api/client.ts'
import { useMe } from '../../api/shared-queries.ts'
import { FieldGrid, FieldSection } from '../../ui/DetailSection.tsx'
import { notifyError } from '../../ui/notify.ts'
import { SystemInformation } from '../../ui/register-kit/detail-parts.tsx'

/** An admin may see the full Aadhaar and account numbers; the server writes each look to the audit log. */
function Reveal({ employeeId }: { employeeId: string }) {
  const reveal = useMutation({
    mutationFn: () => call(employeeEndpoints.sensitive, { params: { id: employeeId } }),
    onError: (error) => notifyError(errorMessage(error, 'Could not show the numbers.')),
  })
  // Hide puts the masked numbers back, so that the full ones are not left on a shared screen.
  if (reveal.data)
    return (
      <Group gap="xs" wrap="wrap">
        <Text size="sm" role="status">
          Aadhaar: {reveal.data.aadhar_no ?? 'N/A'} · Account: {reveal.data.bank_account_no ?? 'N/A'}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconEyeOff size={14} />}
          onClick={() => reveal.reset()}
        >
          Hide
        </Button>
      </Group>
    )
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconEye size={14} />}
      loading={reveal.isPending}
      onClick={() => reveal.mutate()}
    >
      Show full numbers
    </Button>
  )
}

export function EmployeeOverview({ employee: e }: { employee: EmployeeDetail }) {
  const { data: me } = useMe()
  const bank = e.bank_details
  const previous = e.previous_work_details
  return (
    <Stack gap="md">
      <FieldSection
        title="Basic & Professional Information"
        collapsible
        fields={[
          { label: 'Full name', value: e.full_name },
          { label: 'Employee ID', value: e.employee_official_id },
          { label: 'Designation', value: e.designation },
          { label: 'Department', value: e.department },
          { label: 'Joining date', value: e.joining_date && formatDate(e.joining_date) },
          { label: 'Qualification', value: e.qualification },
          { label: 'Status', value: e.is_active ? 'Current' : 'Old' },
          { label: 'Login account', value: e.linked_username && `@${e.linked_username}` },
        ]}
      />
      <FieldSection
        title="Contact Information"
        collapsible
        fields={[
          { label: 'Contact no.', value: e.contact_phone },
          { label: 'Official email', value: e.contact_email },
          { label: 'Personal phone', value: e.personal_phone_no },
          { label: 'Current address', value: e.current_address, wide: true },
          { label: 'Permanent address', value: e.permanent_address, wide: true },
        ]}
      />
      <FieldSection
        title="Personal & Family Details"
        collapsible
        fields={[
          { label: 'Gender', value: e.gender },
          { label: 'Blood group', value: e.blood_group },
          { label: "Father's name", value: e.father_name },
          { label: "Mother's name", value: e.mother_name },
          { label: 'Marital status', value: e.marital_status },
          ...(e.marital_status === 'Married' ? [{ label: "Spouse's name", value: e.spouse_name }] : []),
        ]}
      />
      <FieldSection
        title="Statutory & Financial Information"
        collapsible
        actions={
          me?.isadmin && (e.aadhar_no || bank.account_no) ? <Reveal employeeId={e.employee_id} /> : undefined
        }
        fields={[
          { label: 'Aadhaar no.', value: e.aadhar_no },
          { label: 'PAN', value: e.pan_no },
          { label: 'UAN', value: e.uan_no },
          { label: 'Bank account no.', value: bank.account_no },
          { label: 'IFSC', value: bank.ifsc_code },
          { label: 'Bank', value: bank.bank_name },
          { label: 'Branch', value: bank.branch_name },
        ]}
      >
        <Text size="sm" fw={600} mt="md" mb="xs">
          Previous work
        </Text>
        <FieldGrid
          fields={[
            { label: 'Previous employee ID', value: previous.previous_id },
            { label: 'Company', value: previous.company_name },
            { label: 'Company contact', value: previous.contact_no },
          ]}
        />
      </FieldSection>
      <SystemInformation record={e} title="System Information & Notes">
        <Group mt="md">
          <div style={{ width: '100%' }}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Notes
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{e.notes || 'N/A'}</Text>
          </div>
        </Group>
      </SystemInformation>
    </Stack>
  )
}
