import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import type { Config } from './config.ts'
import { type Database, openDatabase } from './db/connection.ts'
import { runMigrations } from './db/migrate.ts'
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

/** Request logs never carry a password, even one a client put in an address by mistake. */
export function redactUrl(url: string): string {
  return url.replace(/([?&])([^=&]*)=([^&]*)/g, (whole, separator: string, name: string) =>
    /pass|secret|token|otp/i.test(decodedName(name)) ? `${separator}${name}=[REDACTED]` : whole,
  )
}

/** A parameter name as the server reads it: `pass%77ord` is `password`. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

export function createLogger(config: Config): FastifyBaseLogger {
  return pino(
    {
      level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    // Asynchronous writes: lines logged while a write is under way go out together in the next one,
    // instead of one blocking write(2) per request line (9 % of a cheap request's CPU when synchronous).
    // pino flushes what is pending when the process exits. docs/decisions.md, "Performance".
    pino.destination({ dest: 1, sync: false }),
  ) as FastifyBaseLogger
}

export async function openAndMigrate(
  config: Config,
  log: FastifyBaseLogger,
  template?: Uint8Array,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: template ? undefined : `${config.dataDir}/pgdata`,
    lockDir: template ? undefined : config.dataDir,
    template,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    onEmbeddedRestart: (reason) => log.error(`Embedded database restarted: ${reason}`),
  })
  try {
    await runMigrations(database.db)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

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
