import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'

/** A page that could not load: what went wrong and the way back. */
export function ErrorPanel({
  message,
  backTo,
  backLabel,
  title = 'Something went wrong',
}: {
  message: string
  backTo: string
  backLabel: string
  title?: string
}) {
  return (
    <Stack maw={720} mx="auto" mt="xl">
      <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={20} />} role="alert">
        <Stack gap="md" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {backLabel}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  )
}
