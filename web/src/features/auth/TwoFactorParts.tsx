import type { TwoFactorSetup } from '@daftar/domain/security'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core'
import { IconCopy, IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { saveFile } from '../../ui/save-file.ts'
import { announcedError } from './AuthCard.tsx'

/*
 * What the sign-in page's forced setup and the profile's Security tab share: the QR code with its
 * secret, the code field and the recovery codes shown once.
 */

/** The secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

export function QrAndSecret({ setup }: { setup: TwoFactorSetup }) {
  return (
    <Stack gap="xs" align="center">
      <Text size="sm">
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password
        and others), or type in the key below.
      </Text>
      <Box bg="white" p={4} style={{ borderRadius: 8 }}>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt="QR code to add Daftar to your authenticator app"
          w={184}
          h={184}
        />
      </Box>
      <Text size="xs" c="dimmed">
        Key
      </Text>
      <Group gap="xs" justify="center" wrap="wrap">
        <Code data-testid="totp-secret" fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {grouped(setup.secret)}
        </Code>
        <CopyButton value={setup.secret}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} leftSection={<IconCopy size={12} />}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  )
}

/** The six digits of the app: numeric keyboard on phones, filled by the phone's own code suggestion. */
export function TotpCodeInput(props: TextInputProps) {
  return (
    <TextInput
      label="6-digit code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required
      {...props}
      {...announcedError}
    />
  )
}

function download(codes: string[]) {
  const text = `Daftar recovery codes\nEach code can be used once, in place of a code from your app.\n\n${codes.join('\n')}\n`
  saveFile(new Blob([text], { type: 'text/plain' }), 'daftar-recovery-codes.txt')
}

/**
 * The ten recovery codes, shown once: copy or download them, and say they are kept before going on.
 */
export function RecoveryCodesPanel({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[]
  doneLabel: string
  onDone: () => void
}) {
  const [kept, setKept] = useState(false)
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" role="status">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you
        lose your phone. They are shown only now.
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" fz="sm" ta="center">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy} leftSection={<IconCopy size={14} />}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          size="xs"
          onClick={() => download(codes)}
          leftSection={<IconDownload size={14} />}
        >
          Download
        </Button>
      </Group>
      <Checkbox
        label="I have saved my recovery codes"
        checked={kept}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <Button onClick={onDone} disabled={!kept}>
        {doneLabel}
      </Button>
    </Stack>
  )
}
