import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpListener } from '../test/smtp-listener';
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
    const smtp = await startSmtpListener();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Torget <no-reply@torget.test>', dataDir });
      await mailer.send({
        to: 'kund@example.se',
        subject: 'Orderbekräftelse',
        text: 'Tack for din order, ordernummer 42.',
      });
      expect(smtp.inbox).toHaveLength(1);
      expect(smtp.inbox[0]?.to).toEqual(['kund@example.se']);
      expect(smtp.inbox[0]?.raw).toContain('Tack for din order, ordernummer 42.');
    } finally {
      await smtp.close();
    }
  });
});
