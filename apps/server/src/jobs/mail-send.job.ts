import type { Mailer } from '../mail/mailer.js';
import type { JobHandler } from './job-worker.js';

/**
 * Sends a queued email. It is queued in the same transaction as the decision it tells of, so a mail
 * exists exactly when the decision does, and a failing SMTP server fails only this attempt: the worker
 * tries again later (and logs the message as failed after its last attempt), never the decision.
 */
export function mailSendJob({ mailer }: { mailer: Mailer }): JobHandler<'mail.send'> {
  return {
    async run({ message }, context) {
      const sent = await mailer.send(message);
      context.log.info({ kind: message.kind, messageId: sent.messageId }, 'correo enviado');
    },
  };
}
