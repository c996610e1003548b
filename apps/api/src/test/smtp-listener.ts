/** A real SMTP server on loopback for tests that check what the app mails. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpListener {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  /** Every mail received, oldest first. */
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one); a taken port rejects. Recipients are kept lower-case. */
export async function startSmtpListener(port = 0): Promise<SmtpListener> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  // Once listening, a client that goes away mid-conversation (a server process the test stops)
  // is no failure of the listener: the test reads what arrived in the inbox. Unhandled, such an
  // error would surface in whichever test file the worker process runs next.
  smtp.on('error', () => {});
  const address = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    inbox,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
