import '@mantine/dates/styles.css'
import { GSTIN_LENGTH, PAN_LENGTH } from '@daftar/domain/gstin'
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { DateInput } from '@mantine/dates'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { ComponentProps, ReactNode } from 'react'

/** What the shared fields use of a form, whatever its values: its fields by path. */
export type FieldsForm = Pick<
  UseFormReturnType<Record<string, unknown>>,
  'values' | 'errors' | 'getValues' | 'getInputProps' | 'setFieldValue' | 'insertListItem' | 'removeListItem'
>

export type GridColumns = 2 | 3

/** Fields side by side, two or three to a row on a wide screen, one under another on a phone. */
export function FormGrid({
  columns = 2,
  ...props
}: { columns?: GridColumns } & Omit<SimpleGridProps, 'cols' | 'spacing'>) {
  return <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" {...props} />
}

export const emptyContact = () => ({ name: '', phone: '', email: '' })

/**
 * Contact persons of a record: at least one row always stays, and remove is offered only while there
 * is more than one (docs/product.md, "Clients"). Blank rows are dropped by the schema on submit.
 */
export function ContactsField({ form, path = 'contacts' }: { form: FieldsForm; path?: string }) {
  const rows = (form.getValues()[path] as unknown[]) ?? []
  return (
    <Stack gap="sm">
      {rows.map((_, index) => {
        const n = index + 1
        const field = (name: string) => form.getInputProps(`${path}.${index}.${name}`)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Paper key={index} withBorder p="sm" radius="md" bg="gray.0">
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                Contact {n}
              </Text>
              {rows.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove contact ${n}`}
                  onClick={() => form.removeListItem(path, index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            <Group grow gap="sm" align="flex-start" preventGrowOverflow={false} wrap="wrap">
              <CountedTextInput
                label="Name"
                aria-label={`Contact ${n} name`}
                maxLength={120}
                miw={180}
                {...field('name')}
              />
              <PhoneField label="Phone" aria-label={`Contact ${n} phone`} miw={160} {...field('phone')} />
              <EmailField label="Email" aria-label={`Contact ${n} email`} miw={200} {...field('email')} />
            </Group>
          </Paper>
        )
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => form.insertListItem(path, emptyContact())}
        style={{ alignSelf: 'flex-start' }}
      >
        Add contact
      </Button>
    </Stack>
  )
}

/** The calendar's buttons that carry only an icon, named (axe: button-name). */
const calendarLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
}

/**
 * Every date input of the app: Mantine's picker, dd Mon yyyy, the value a YYYY-MM-DD string. Weekends
 * are not painted red and other months' days are left out: Mantine draws both below WCAG AA contrast.
 */
export function DateField(props: ComponentProps<typeof DateInput>) {
  return (
    <DateInput
      valueFormat="DD MMM YYYY"
      clearable
      // Mantine's clear button has no name of its own (axe: button-name).
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      highlightToday
      ariaLabels={calendarLabels}
      weekendDays={[]}
      hideOutsideDates
      popoverProps={{ zIndex: 400 }}
      {...props}
    />
  )
}

/** Rupees with paise: a number input with two decimals and Indian grouping. */
export function MoneyField(props: ComponentProps<typeof NumberInput>) {
  return (
    <NumberInput
      leftSection="₹"
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      min={0}
      step={0.01}
      hideControls
      {...props}
    />
  )
}

/** An identifier typed in capitals (GSTIN, PAN, IFSC), in a fixed-width font. */
export function CodeField(
  props: Omit<ComponentProps<typeof TextInput>, 'form'> & { form: FieldsForm; path: string },
) {
  const { form, path, ...rest } = props
  const input = form.getInputProps(path)
  return (
    <TextInput
      {...rest}
      {...input}
      onChange={(e) => form.setFieldValue(path, e.currentTarget.value.toUpperCase())}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  )
}

/** A company's GSTIN and PAN (clients, suppliers), side by side. */
export function TaxIdFields({ form }: { form: FieldsForm }) {
  return (
    <FormGrid>
      <CodeField
        form={form}
        path="gstin"
        label="GSTIN"
        placeholder="e.g. 27AAPFU0939F1ZV"
        maxLength={GSTIN_LENGTH}
      />
      <CodeField form={form} path="pan" label="PAN" placeholder="e.g. AAPFU0939F" maxLength={PAN_LENGTH} />
    </FormGrid>
  )
}

/**
 * "12/200" under a field with a maximum length, so the limit shows instead of cutting silently; at the
 * limit it says so in the error colour, so a key the field refuses is seen to be refused.
 */
function lengthHint(value: unknown, maxLength: number | undefined) {
  if (!maxLength) return undefined
  const length = typeof value === 'string' ? value.length : 0
  if (length < maxLength) return `${length}/${maxLength}`
  return (
    <Text span inherit c="var(--mantine-color-error)" data-limit-reached>
      {length}/{maxLength} · limit reached
    </Text>
  )
}

/** A field's own description, if it has one, then the count. */
function withHint(description: ReactNode, hint: ReactNode) {
  if (!description) return hint
  return (
    <>
      {description} {hint}
    </>
  )
}

const hintBelow = ['label', 'input', 'description', 'error'] as (
  | 'label'
  | 'input'
  | 'description'
  | 'error'
)[]

/** A field's props with its length hint at the right, below the input. */
function counted<P extends ComponentProps<typeof TextInput> | ComponentProps<typeof Textarea>>(props: P): P {
  return {
    inputWrapperOrder: hintBelow,
    styles: { description: { textAlign: 'right' } },
    ...props,
    description: withHint(props.description, lengthHint(props.value, props.maxLength)),
  }
}

/** A text input that shows how much of its maximum length is used. */
export function CountedTextInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput {...counted(props)} />
}

/** A textarea that shows how much of its maximum length is used. */
export function CountedTextarea(props: ComponentProps<typeof Textarea>) {
  return <Textarea {...counted(props)} />
}

/** A phone number: the keypad on a phone, and the 40 characters the registers' schemas allow. */
export function PhoneField(props: ComponentProps<typeof TextInput>) {
  return <CountedTextInput type="tel" maxLength={40} {...props} />
}

/** An email address: the email keyboard on a phone, and the longest address the standard allows. */
export function EmailField(props: ComponentProps<typeof TextInput>) {
  return <CountedTextInput type="email" maxLength={254} {...props} />
}

/** An address or another long note: grows with its text, up to the schemas' 1000 characters. */
export function AddressField(props: ComponentProps<typeof Textarea>) {
  return <CountedTextarea autosize minRows={2} maxLength={1000} {...props} />
}

/** Notes or a description: grows with its text from three rows, up to the schemas' 5000 characters. */
export function NotesField(props: ComponentProps<typeof Textarea>) {
  return <CountedTextarea autosize minRows={3} maxLength={5000} {...props} />
}
