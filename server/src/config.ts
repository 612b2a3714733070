import path from 'node:path'
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A statement running longer than this is cancelled (on PGlite the embedded database is restarted). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Daftar <no-reply@daftar.local>'),
  MAIL_OUTBOX_DIR: z.string().optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Contact the push services may use (VAPID 'sub'). */
  VAPID_SUBJECT: z.string().default('mailto:admin@daftar.local'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  /** The organisation's calendar: what "today" is for due dates and reminders. */
  TIME_ZONE: z
    .string()
    .default('Asia/Kolkata')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone })
        return true
      } catch {
        return false
      }
    }, 'Unknown time zone.'),
  /** Attempts per window before 429; tests and load runs raise them. */
  LOGIN_MAX_PER_IDENTIFIER: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins to one account from every address together (the per-address limit is the one above). */
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(100),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(100),
  /** Wrong two-factor codes (and passwords given to turn it off) per account per window. */
  TWO_FACTOR_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  OTP_SEND_MAX_PER_IDENTIFIER: z.coerce.number().int().positive().default(3),
  OTP_SEND_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  OTP_VERIFY_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  /** Where uploaded files live: the data directory's disk, or an S3-compatible bucket (docs/scaling.md). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** The benchmark's capture of each request's SQL (platform/sql-capture.ts); unset everywhere else. */
  SQL_CAPTURE_FILE: z.string().optional(),
  /** How often the recurring-task and reminder jobs run (they also run at start). */
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
})

export type Config = z.infer<typeof schema> & {
  dataDir: string
  filesDir: string
  outboxDir: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  if (parsed.data.STORAGE === 's3' && !parsed.data.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3')
  const dataDir = path.resolve(parsed.data.DATA_DIR)
  return {
    ...parsed.data,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    outboxDir: path.resolve(parsed.data.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
  }
}
