/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; without it, each mail is
 * written to the server log and kept in a dev outbox (DATA_DIR/outbox.jsonl), so a demo can
 * follow a password-reset link without any mail server.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  // One append stream for the process's life: writes keep their order and never block the
  // event loop (two mails go out per order), and the file is not opened again for each mail.
  let outbox: WriteStream | null = null;
  const openOutbox = () => {
    const stream = createWriteStream(join(options.dataDir, 'outbox.jsonl'), { flags: 'a' });
    // A failed write is reported to its sender; the next mail opens the file afresh.
    stream.on('error', () => {
      if (outbox === stream) outbox = null;
    });
    return stream;
  };
  return {
    send(mail) {
      const entry = { at: new Date().toISOString(), from: options.from, ...mail };
      console.log(`[dev outbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
      outbox ??= openOutbox();
      const stream = outbox;
      return new Promise<void>((resolve, reject) => {
        stream.write(`${JSON.stringify(entry)}\n`, (error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

/** Sends without letting a mail failure fail the request that caused it; the failure is logged. */
export function sendInBackground(mailer: Mailer, mail: Mail, log: FastifyBaseLogger): void {
  mailer.send(mail).catch((error: unknown) => log.error({ err: error, subject: mail.subject }, 'mail not sent'));
}
