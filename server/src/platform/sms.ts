import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface SmsMessage {
  to: string
  text: string
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>
}

/**
 * For accounts that have a mobile number and no email. With SMS_WEBHOOK_URL each message is POSTed as
 * JSON {to, text} to the gateway; without it, it is written as a .sms.txt file beside the mail outbox.
 */
export function createSmsSender(options: { webhookUrl?: string; outboxDir: string }): SmsSender {
  if (options.webhookUrl) {
    const url = options.webhookUrl
    return {
      async send(message) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        })
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`)
      },
    }
  }
  return {
    async send(message) {
      await fs.promises.mkdir(options.outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.sms.txt`
      await fs.promises.writeFile(
        path.join(options.outboxDir, name),
        `To: ${message.to}\n\n${message.text}\n`,
      )
    },
  }
}
