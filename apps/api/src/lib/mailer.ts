/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; without it, each mail is
 * written to the server log and kept in a dev outbox (DATA_DIR/outbox.jsonl), so a demo can
 * follow a password-reset link without any mail server.
 */
import { appendFileSync } from 'node:fs';
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
  const outbox = join(options.dataDir, 'outbox.jsonl');
  return {
    async send(mail) {
      const entry = { at: new Date().toISOString(), from: options.from, ...mail };
      appendFileSync(outbox, `${JSON.stringify(entry)}\n`);
      console.log(`[dev outbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
    },
  };
}

/** Sends without letting a mail failure fail the request that caused it; the failure is logged. */
export function sendInBackground(mailer: Mailer, mail: Mail, log: FastifyBaseLogger): void {
  mailer.send(mail).catch((error: unknown) => log.error({ err: error, subject: mail.subject }, 'mail not sent'));
}
