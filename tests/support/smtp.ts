import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** One message as the catcher received it over real SMTP, decoded. */
export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:PORT, to give the server as SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first message (already received or arriving later) addressed to `to`. */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives.
 * No auth, no TLS: the app's mailer talks plain SMTP to it like it would to a relay. `port` pins
 * the port (to bring a "down" SMTP server back up in a retry test); `refuse` names the recipients
 * it refuses (550).
 */
export async function startMailCatcher(opts: { port?: number; refuse?: (address: string) => boolean } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: Array<{ to: string; resolve: (m: CaughtMail) => void }> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // `refuse` plays a relay that does not know an address: 550 to its RCPT TO, as a real one answers.
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.(address.address.toLowerCase())) return callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        for (const to of recipients) {
          const mail = { ...parseMessage(raw), to };
          messages.push(mail);
          for (const w of waiters.filter((x) => x.to === to)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, timeoutMs = 10_000) {
      const wanted = to.toLowerCase();
      const found = messages.find((m) => m.to === wanted);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          to: wanted,
          resolve: (m: CaughtMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received: ${messages.map((m) => m.to).join(', ') || 'none'})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- A small MIME reader: enough for what nodemailer sends (text/html, multipart, QP/base64). ---

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const cut = normalised.indexOf('\n\n');
  const head = cut === -1 ? normalised : normalised.slice(0, cut);
  const body = cut === -1 ? '' : normalised.slice(cut + 2);
  const headers: Record<string, string> = {};
  // Folded header lines continue with leading whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function collect(part: Part, out: { text: string; html: string }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), out);
    }
    return;
  }
  const content = decodeBody(part).replace(/\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) out.html ||= content;
  else if (type.toLowerCase().startsWith('text/plain')) out.text ||= content;
}

function parseMessage(raw: string): Omit<CaughtMail, 'to'> {
  const root = splitPart(raw);
  const out = { text: '', html: '' };
  collect(root, out);
  return {
    from: decodeWords(root.headers['from'] ?? ''),
    subject: decodeWords(root.headers['subject'] ?? ''),
    text: out.text,
    html: out.html,
    raw,
  };
}
