import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** An HTML alternative of `text` (notification mails); clients without HTML show the text. */
  html?: string
  /** Files sent with the mail (an invoice PDF). */
  attachments?: { filename: string; content: Buffer }[]
  /** The sender's name shown with the configured address (an organisation's reminders). */
  fromName?: string
  /** Where replies go, when not to the sending address. */
  replyTo?: string
}

/** The configured sender with another display name: the address stays ours, never the organisation's. */
function sender(configured: string, name: string | undefined) {
  if (!name) return configured
  return { name, address: /<([^>]+)>/.exec(configured)?.[1] ?? configured.trim() }
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Where mail goes, for the start-up banner. */
  describe(): string
}

/** SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in the outbox directory. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send({ fromName, ...message }) {
        await transport.sendMail({ ...message, from: sender(options.from, fromName) })
      },
      describe: () => `SMTP (${new URL(options.smtpUrl!).host})`,
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send({ fromName, ...message }) {
      const info = await transport.sendMail({ ...message, from: sender(options.from, fromName) })
      await fs.promises.mkdir(options.outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`
      await fs.promises.writeFile(path.join(options.outboxDir, name), info.message as Buffer)
    },
    describe: () => `files in ${options.outboxDir}`,
  }
}
