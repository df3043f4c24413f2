import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, parsed, in order. */
  received: ParsedMail[];
  /** The next `count` messages are refused with a temporary failure (451), as a struggling server does. */
  refuseNext(count: number): void;
  /** How many messages were refused so far. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package) that keeps what it receives:
 * mail tests deliver through nodemailer's SMTP transport and read the messages back.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let toRefuse = 0;
  let refusedCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (toRefuse > 0) {
        toRefuse -= 1;
        refusedCount += 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Servicio no disponible, inténtalo más tarde'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => (toRefuse = count),
    refused: () => refusedCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Every new account is sent the link confirming its address: tests about other mail leave it out.
 */
export function notAddressConfirmation(mail: ParsedMail): boolean {
  return !/^Confirma tu (nuevo )?correo de WAG$/.test(mail.subject ?? '');
}
