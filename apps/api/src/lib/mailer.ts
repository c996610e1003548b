/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; without it, each mail is
 * kept in a dev outbox (DATA_DIR/outbox.jsonl) and, when the log shows info, printed to it, so a
 * demo can follow a password-reset link without any mail server.
 */
import { chmodSync, createWriteStream, type WriteStream } from 'node:fs';
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

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /**
   * Whether the dev outbox also prints each mail to the log (standard output); default true.
   * Off when LOG_LEVEL hides info: a server told to log warnings only should not print two
   * mails per order, and a write to standard output is synchronous when it is a pipe.
   */
  printToLog?: boolean;
}

export function createMailer(options: MailerOptions): Mailer {
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
  const printToLog = options.printToLog ?? true;
  const openOutbox = () => {
    const file = join(options.dataDir, 'outbox.jsonl');
    // The outbox holds live password-reset links: readable by the server's own user only.
    const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
    // A file made by an older version keeps its mode on append; tighten it once it is open.
    stream.on('open', () => {
      try {
        chmodSync(file, 0o600);
      } catch {
        // Not ours to change (another owner): writing still works; nothing better to do here.
      }
    });
    // A failed write is reported to its sender; the next mail opens the file afresh.
    stream.on('error', () => {
      if (outbox === stream) outbox = null;
    });
    return stream;
  };
  return {
    send(mail) {
      const entry = { at: new Date().toISOString(), from: options.from, ...mail };
      if (printToLog) console.log(`[dev outbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
      outbox ??= openOutbox();
      const stream = outbox;
      return new Promise<void>((resolve, reject) => {
        stream.write(`${JSON.stringify(entry)}\n`, (error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

/**
 * The start-up warning of a production server without SMTP_URL, or null: its mails, password
 * reset links among them, go to the log and the outbox file instead of to the customers.
 */
export function outboxWarning(config: {
  nodeEnv: string;
  smtpUrl: string | undefined;
  dataDir: string;
}): string | null {
  if (config.nodeEnv !== 'production' || config.smtpUrl) return null;
  return [
    'WARNING: NODE_ENV=production but SMTP_URL is not set.',
    `No mail reaches anyone: every mail, live password-reset links included, is written to the log and to ${join(config.dataDir, 'outbox.jsonl')}.`,
    'Set SMTP_URL (and MAIL_FROM) to send mail.',
  ].join('\n');
}

/** Sends without letting a mail failure fail the request that caused it; the failure is logged. */
export function sendInBackground(mailer: Mailer, mail: Mail, log: FastifyBaseLogger): void {
  mailer.send(mail).catch((error: unknown) => log.error({ err: error, subject: mail.subject }, 'mail not sent'));
}
