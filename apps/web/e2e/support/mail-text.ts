/** Reading the mails the loopback SMTP listener received (apps/api/src/test/smtp-listener.ts). */

/** Quoted-printable: soft line breaks (`=` at a line end) join lines, `=XX` is a byte. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The plain text of a raw MIME message (single part, or the text/plain part of a multipart one). */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /^content-type:\s*multipart\/[^;]+;.*boundary="?([^";\r\n]+)"?/im.exec(headers)?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const textPart = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? parts[0] ?? '';
    return mailText(textPart.replace(/^\r?\n/, ''));
  }
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}
