import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { composeMail, type MailMessage } from './mail-messages.js';

export interface SentMail {
  messageId: string;
  /** The .eml file a message was written to when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  /** Sends one message now (throws when the SMTP server refuses or cannot be reached: the job retries). */
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** SMTP_URL: smtp://user:pass@host:port (or smtps://…); unset writes each message to outboxDir. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Mail through nodemailer (docs/product-decisions.md §12): an SMTP server when SMTP_URL is set;
 * otherwise the embedded default writes every message as an .eml file under the outbox folder
 * (nodemailer's stream transport builds the same message it would send) and logs where.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Short timeouts: a server that does not answer fails this attempt, and the job tries again later.
    const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      async send(message) {
        const mail = composeMail(message);
        const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const mail = composeMail(message);
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      // Written whole under another name first: a reader of the folder never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      log.info({ file, to: mail.to, subject: mail.subject }, 'correo escrito en la bandeja de salida');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
