import { Alert, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { SchemaForm } from '../../ui/form/use-schema-form.tsx'

/**
 * The card of the sign-in screen's forms (sign in and the three Forgot Password steps): a title, a
 * line under it, the one note of the moment (a failure, an expired session), then the fields.
 */
export function AuthCard({
  form,
  title,
  lead,
  note,
  children,
}: {
  /** The form hook's `formProps`; absent for a card that is no form (Password Reset). */
  form?: SchemaForm<object>['formProps']
  title: string
  lead?: ReactNode
  note?: ReactNode
  children: ReactNode
}) {
  const body = (
    <Stack gap="md">
      <div>
        <Title order={2}>{title}</Title>
        {lead && (
          <Text c="dimmed" size="sm">
            {lead}
          </Text>
        )}
      </div>
      {note}
      {children}
    </Stack>
  )
  const card = { withBorder: true, shadow: 'sm', p: 'xl', radius: 'lg' } as const
  return form ? (
    <Paper component="form" {...form} {...card}>
      {body}
    </Paper>
  ) : (
    <Paper {...card}>{body}</Paper>
  )
}

export function FailureNote({ text }: { text: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  )
}

/**
 * A field's error on these cards is announced as it appears: they have no toast, and the person may
 * be looking at the keyboard (a code copied from a phone) rather than the field.
 */
export const announcedError = { errorProps: { role: 'alert' } } as const

/** 'Email or Mobile', the identifier of sign-in and of Forgot Password; it has the focus first. */
export function IdentifierInput(props: object) {
  return (
    <TextInput
      label="Email or Mobile"
      name="identifier"
      autoComplete="username"
      required
      autoFocus
      {...props}
      {...announcedError}
    />
  )
}
