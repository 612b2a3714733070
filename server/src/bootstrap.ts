import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Database } from './db/connection.ts'
import { sendResetCode } from './modules/auth/service.ts'
import { notificationMailHandler } from './modules/notifications/mail.ts'
import { deliverPush } from './modules/push/service.ts'
import { registerDefinitions } from './modules/register-definitions.ts'
import type { Deps } from './platform/deps.ts'
import { FileAccessRegistry } from './platform/file-access.ts'
import { createMailer, type Mailer, type MailMessage } from './platform/mail.ts'
import { createOutboxDispatcher } from './platform/outbox.ts'
import { createPushSender, generateVapidKeys, type PushNetworkOptions } from './platform/push.ts'
import { RegisterRegistry } from './platform/registers.ts'
import { getOrCreateSecret } from './platform/secrets.ts'
import { createUrlSigner } from './platform/signed-urls.ts'
import { createSmsSender, type SmsMessage } from './platform/sms.ts'
import { captureStatements } from './platform/sql-capture.ts'
import { LocalDiskStorage, type Storage } from './platform/storage.ts'
import { createTokenSigner } from './platform/tokens.ts'

export { createLogger, openAndMigrate, redactUrl } from './startup.ts'

export interface DepsOverrides {
  storage?: Storage
  mailer?: Mailer
  /** Lets tests trust a local HTTPS push service (its CA and its private address). */
  pushNetwork?: PushNetworkOptions
}

export async function createDeps(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  overrides: DepsOverrides = {},
): Promise<Deps> {
  const db = database.db
  if (config.SQL_CAPTURE_FILE) captureStatements(database.pool, config.SQL_CAPTURE_FILE)
  const [jwtSecret, urlSecret, otpSecret, vapidKeys] = await Promise.all([
    getOrCreateSecret(db, 'jwt'),
    getOrCreateSecret(db, 'signed-urls'),
    getOrCreateSecret(db, 'otp'),
    // Generated once and kept: browsers' subscriptions are tied to this key pair.
    getOrCreateSecret(db, 'vapid', () => JSON.stringify(generateVapidKeys())),
  ])
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir })
  const sms = createSmsSender({ webhookUrl: config.SMS_WEBHOOK_URL, outboxDir: config.outboxDir })
  const outbox = createOutboxDispatcher(db, log)
  outbox.on('mail', (payload) => mailer.send(payload as MailMessage))
  outbox.on('sms', (payload) => sms.send(payload as SmsMessage))
  const deps: Deps = {
    config,
    database,
    db,
    storage: overrides.storage ?? (await storageOf(config)),
    mailer,
    sms,
    outbox,
    tokens: createTokenSigner(jwtSecret),
    urls: createUrlSigner(urlSecret),
    fileAccess: new FileAccessRegistry(),
    registers: new RegisterRegistry(registerDefinitions),
    log,
    secrets: { otp: otpSecret },
    push: createPushSender(JSON.parse(vapidKeys), config.VAPID_SUBJECT, overrides.pushNetwork),
  }
  outbox.on('push', (payload) => deliverPush(deps, payload as { deliveryIds?: number[] }))
  outbox.on('notification-mail', notificationMailHandler(deps))
  outbox.on('password-reset', (payload) => sendResetCode(deps, payload as { userId: string | null }))
  return deps
}

/** The disk under DATA_DIR, or the S3 bucket the configuration names (checked before the server starts). */
async function storageOf(config: Config): Promise<Storage> {
  if (config.STORAGE !== 's3') return new LocalDiskStorage(config.filesDir)
  // Loaded only here: the AWS SDK costs most of a second at start-up.
  const { S3Storage, s3SettingsOf } = await import('./platform/s3-storage.ts')
  const storage = new S3Storage(s3SettingsOf(config))
  await storage.check()
  return storage
}
