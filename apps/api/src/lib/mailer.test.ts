import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpListener } from '#api/test/smtp-listener.ts';
import { logShowsInfo } from './logging';
import { createMailer, outboxWarning } from './mailer';

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

  it('keeps mail in the outbox without printing it when the log hides info', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const quietDir = mkdtempSync(join(tmpdir(), 'torget-mail-quiet-'));
    try {
      const mailer = createMailer({
        smtpUrl: undefined,
        from: 'Torget <no-reply@torget.test>',
        dataDir: quietDir,
        printToLog: logShowsInfo('warn'),
      });
      await mailer.send({ to: 'kund@example.se', subject: 'Orderbekräftelse', text: 'Tack!' });
      expect(log).not.toHaveBeenCalled();
      expect(readFileSync(join(quietDir, 'outbox.jsonl'), 'utf8')).toContain('"subject":"Orderbekräftelse"');
    } finally {
      log.mockRestore();
      rmSync(quietDir, { recursive: true, force: true });
    }
    expect(['info', 'debug', 'trace'].every(logShowsInfo)).toBe(true);
    expect(['fatal', 'error', 'warn', 'silent'].some(logShowsInfo)).toBe(false);
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

  it('creates the outbox readable by its owner only, and tightens an older one', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const fresh = mkdtempSync(join(tmpdir(), 'torget-mail-mode-'));
    const older = mkdtempSync(join(tmpdir(), 'torget-mail-mode-'));
    try {
      const mail = { to: 'kund@example.se', subject: 'Återställ lösenord', text: 'https://torget.se/reset_password/x' };
      await createMailer({ smtpUrl: undefined, from: 'Torget <no-reply@torget.test>', dataDir: fresh }).send(mail);
      expect(statSync(join(fresh, 'outbox.jsonl')).mode & 0o777).toBe(0o600);

      writeFileSync(join(older, 'outbox.jsonl'), '');
      chmodSync(join(older, 'outbox.jsonl'), 0o644);
      await createMailer({ smtpUrl: undefined, from: 'Torget <no-reply@torget.test>', dataDir: older }).send(mail);
      expect(statSync(join(older, 'outbox.jsonl')).mode & 0o777).toBe(0o600);
    } finally {
      log.mockRestore();
      rmSync(fresh, { recursive: true, force: true });
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('warns at a production start without SMTP_URL, and only then', () => {
    const warning = outboxWarning({ nodeEnv: 'production', smtpUrl: undefined, dataDir: '/srv/torget' });
    expect(warning).toMatch(/NODE_ENV=production but SMTP_URL is not set/);
    expect(warning).toMatch(/password-reset links/);
    expect(warning).toContain('/srv/torget/outbox.jsonl');
    expect(outboxWarning({ nodeEnv: 'production', smtpUrl: 'smtp://mail', dataDir: '/srv/torget' })).toBeNull();
    expect(outboxWarning({ nodeEnv: 'development', smtpUrl: undefined, dataDir: '/srv/torget' })).toBeNull();
  });
});
