import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Database, Db } from '../db/connection.ts'
import type { FileAccessRegistry } from './file-access.ts'
import type { Mailer } from './mail.ts'
import type { OutboxDispatcher } from './outbox.ts'
import type { PushSender } from './push.ts'
import type { RegisterRegistry } from './registers.ts'
import type { UrlSigner } from './signed-urls.ts'
import type { SmsSender } from './sms.ts'
import type { Storage } from './storage.ts'
import type { TokenSigner } from './tokens.ts'

/** Everything a service may need, built once at start and passed down; no module-level singletons. */
export interface Deps {
  config: Config
  database: Database
  db: Db
  storage: Storage
  mailer: Mailer
  sms: SmsSender
  push: PushSender
  outbox: OutboxDispatcher
  tokens: TokenSigner
  urls: UrlSigner
  fileAccess: FileAccessRegistry
  registers: RegisterRegistry
  log: FastifyBaseLogger
  secrets: { otp: string }
}
