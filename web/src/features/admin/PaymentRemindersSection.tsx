import {
  defaultReminderBody,
  defaultReminderSubject,
  fillReminder,
  MAX_REMINDER_STEPS,
  type PaymentReminderSettings,
  paymentReminderEndpoints,
  paymentReminderSettingsInput,
  reminderPlaceholders,
} from '@daftar/domain/payment-reminders'
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, errorMessage } from '../../api/client.ts'
import { useSchemaForm } from '../../ui/form/use-schema-form.tsx'

export const paymentRemindersQuery = queryOptions({
  queryKey: ['admin', 'payment-reminders'],
  queryFn: ({ signal }) => call(paymentReminderEndpoints.settings, { signal }),
  staleTime: 60_000,
})

/** What the preview fills the words with: an invoice ten days overdue. */
const example = (organisation: string, upi: boolean) => ({
  client: 'Sunrise Textiles',
  invoice_no: 'INV-0042',
  amount_due: '₹1,18,000',
  due_date: '18 Nov 2026',
  days_overdue: '10',
  upi_link: upi ? 'upi://pay?pa=…&am=118000.00' : '',
  organisation,
})

/**
 * 'Payment reminders' in the admin settings (docs/decisions.md, "Payment reminders"): on or off, the
 * days after the due date, the sender's name and reply-to, and the mail's words with a live preview.
 */
export function PaymentRemindersSection({ organisation, hasUpi }: { organisation: string; hasUpi: boolean }) {
  const settings = useQuery(paymentRemindersQuery)
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="payment-reminders-heading">
      <Title order={4} id="payment-reminders-heading">
        Payment reminders
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Overdue invoices are reminded by e-mail to the client's first contact, with the invoice PDF attached,
        once on each of the days below. A payment that clears the due stops the rest.
      </Text>
      {settings.isPending ? (
        <Loader size="sm" />
      ) : settings.isError ? (
        <Alert color="red">{`Error loading the reminder settings: ${errorMessage(settings.error, 'Unknown error')}`}</Alert>
      ) : (
        // A new version (saved here or elsewhere) starts the form again from what is stored.
        <RemindersForm
          key={settings.data.version}
          saved={settings.data}
          organisation={organisation}
          hasUpi={hasUpi}
        />
      )}
    </Paper>
  )
}

function RemindersForm({
  saved,
  organisation,
  hasUpi,
}: {
  saved: PaymentReminderSettings
  organisation: string
  hasUpi: boolean
}) {
  const f = useSchemaForm({
    schema: paymentReminderSettingsInput,
    initialValues: {
      enabled: saved.enabled,
      days: saved.days.map(String),
      sender_name: saved.sender_name ?? '',
      reply_to: saved.reply_to ?? '',
      subject: saved.subject,
      body: saved.body,
    },
    submit: (body) => call(paymentReminderEndpoints.update, { body, ifMatch: saved.version }),
    failed: 'Failed to save the reminder settings.',
    draftKey: 'settings:payment-reminders',
    successText: (res) => res.message,
    invalidate: [paymentRemindersQuery.queryKey],
  })
  const { values, errors } = f.form
  const daysError = errors.days ?? Object.entries(errors).find(([key]) => key.startsWith('days.'))?.[1]
  const sample = example(organisation, hasUpi)
  return (
    <form {...f.formProps} aria-label="Payment reminders">
      {f.guard}
      <Stack gap="sm">
        <Switch label="Send payment reminders" {...f.form.getInputProps('enabled', { type: 'checkbox' })} />
        <TagsInput
          label="Days after the due date"
          description={`Up to ${MAX_REMINDER_STEPS}, e.g. 3, 10, 30. Type a number and press Enter or a comma.`}
          splitChars={[',', ' ']}
          maxTags={MAX_REMINDER_STEPS}
          {...f.form.getInputProps('days')}
          error={daysError}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Sender name"
            description="Shown as the sender; the address stays Daftar's."
            placeholder={organisation}
            maxLength={120}
            {...f.form.getInputProps('sender_name')}
          />
          <TextInput
            label="Reply-to"
            description="Where the client's replies go."
            type="email"
            placeholder="accounts@yourfirm.in"
            maxLength={254}
            {...f.form.getInputProps('reply_to')}
          />
        </SimpleGrid>
        <TextInput label="Subject" withAsterisk maxLength={200} {...f.form.getInputProps('subject')} />
        <Textarea
          label="Mail text"
          withAsterisk
          autosize
          minRows={8}
          maxRows={20}
          maxLength={5000}
          {...f.form.getInputProps('body')}
        />
        <Text size="xs" c="dimmed">
          Placeholders:{' '}
          {reminderPlaceholders.map((p) => (
            <Code key={p} mr={4}>{`{${p}}`}</Code>
          ))}
          A line with {'{upi_link}'} is left out when the organisation has no UPI ID.
        </Text>
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" aria-label="Preview">
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            Preview
          </Text>
          <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {fillReminder(values.subject, sample)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {fillReminder(values.body, sample)}
          </Text>
        </Paper>
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => f.form.setValues({ subject: defaultReminderSubject, body: defaultReminderBody })}
          >
            Restore the default words
          </Button>
          <Button type="submit" loading={f.busy} disabled={!f.dirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
