import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer';

describe.runIf(process.env.TORGET_TEST_DB === 'pglite')('mailer', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'torget-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('without SMTP_URL keeps every mail, in order, in the dev outbox and the log', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const mailer = createMailer({ smtpUrl: undefined, from: 'Torget <no-reply@torget.test>', dataDir });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({ to: `kund${i}@example.se`, subject: `Nr ${i}`, text: 'Hej!' }),
      ),
    );
    expect(log).toHaveBeenCalledWith(expect.stringContaining('[dev outbox] to kund3@example.se: Nr 3'));
    log.mockRestore();
    const lines = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    const kept = lines.map((line) => JSON.parse(line) as { to: string; subject: string; from: string });
    expect(kept.map((m) => m.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `Nr ${i}`));
    expect(kept[0]).toMatchObject({ to: 'kund0@example.se', from: 'Torget <no-reply@torget.test>' });
  });

  it('with SMTP_URL delivers through that server', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Torget <no-reply@torget.test>',
        dataDir,
      });
      await mailer.send({
        to: 'kund@example.se',
        subject: 'Orderbekräftelse',
        text: 'Tack for din order, ordernummer 42.',
      });
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['kund@example.se']);
      expect(received[0]?.raw).toContain('Tack for din order, ordernummer 42.');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
