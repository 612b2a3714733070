import { notificationTypeInfo, preferenceTypeOf } from '@daftar/domain'
import type { Config } from '../../config.ts'
import type { Deps } from '../../platform/deps.ts'
import type { MailMessage } from '../../platform/mail.ts'

/** A 'notification-mail' outbox event: everything the mail says, fixed when the event happened. */
export interface NotificationMail {
  to: string
  name: string
  type: string
  message: string
  link: string | null
}

/** Where links in mails point: the public address, else this server on localhost (README). */
export function appUrl(config: Config, link: string | null): string {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')
  return `${base}${link?.startsWith('/') ? link : '/'}`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export interface MailSection {
  heading: string
  /** How many there are; the items are the first few of them. */
  count: number
  items: { title: string; detail?: string; url: string }[]
}

/**
 * A plain mail: a greeting, what happened (a paragraph or sections of linked items), one button-like
 * link, and why the reader gets it. The text part says the same with the addresses written out.
 */
export function renderMail(options: {
  to: string
  subject: string
  name: string
  lead: string
  sections?: MailSection[]
  action: { label: string; url: string }
  footer: string
}): MailMessage {
  const { name, lead, sections = [], action, footer } = options
  const text = [
    `Hello ${name},`,
    '',
    lead,
    ...sections.flatMap((s) => [
      '',
      `${s.heading} (${s.count})`,
      ...s.items.map((i) => `- ${i.title}${i.detail ? ` (${i.detail})` : ''}: ${i.url}`),
      ...(s.count > s.items.length ? [`  and ${s.count - s.items.length} more`] : []),
    ]),
    '',
    `${action.label}: ${action.url}`,
    '',
    '--',
    footer,
  ].join('\n')
  const font = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif'
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(options.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;${font};color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e1e4e8;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">Hello ${escapeHtml(name)},</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(lead)}</p>
${sections
  .map(
    (s) => `<h2 style="font-size:15px;margin:20px 0 8px">${escapeHtml(s.heading)} (${s.count})</h2>
<ul style="margin:0;padding-left:20px;line-height:1.6">
${s.items
  .map(
    (i) =>
      `<li><a href="${escapeHtml(i.url)}" style="color:#1c7ed6">${escapeHtml(i.title)}</a>${i.detail ? ` <span style="color:#667085">${escapeHtml(i.detail)}</span>` : ''}</li>`,
  )
  .join(
    '\n',
  )}${s.count > s.items.length ? `\n<li style="color:#667085">and ${s.count - s.items.length} more</li>` : ''}
</ul>`,
  )
  .join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:12px;color:#667085">${escapeHtml(footer)}</p>
</div></body></html>`
  return { to: options.to, subject: options.subject, text, html }
}

const PREFERENCES_FOOTER =
  'You get this mail because e-mail is on for this kind of notification. Change it in Daftar: Profile, Notifications.'

/** The mail of one notification whose e-mail channel is on. */
export function notificationMail(config: Config, n: NotificationMail): MailMessage {
  const key = preferenceTypeOf(n.type)
  const what = key ? notificationTypeInfo[key].label : 'A notification'
  return renderMail({
    to: n.to,
    subject: `Daftar: ${n.message.length > 120 ? `${n.message.slice(0, 117)}...` : n.message}`,
    name: n.name,
    lead: n.message,
    action: { label: 'Open in Daftar', url: appUrl(config, n.link) },
    footer: `${what}. ${PREFERENCES_FOOTER}`,
  })
}

/** Delivers a 'notification-mail' outbox event; a failure is retried by the outbox. */
export function notificationMailHandler(deps: Deps) {
  return async (payload: unknown) => {
    await deps.mailer.send(notificationMail(deps.config, payload as NotificationMail))
  }
}
