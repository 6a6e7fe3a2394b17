import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server received: envelope recipients and the raw message. */
export interface Empfangen {
  an: string[];
  raw: string;
}

/**
 * A real SMTP server in the test process (`smtp-server`) for the e-mail tests: recipients at abgelehnt.example are
 * refused permanently (550); with `auth` it requires AUTH PLAIN/LOGIN with that user and password (else 535).
 */
export class TestSmtp {
  empfangen: Empfangen[] = [];
  port = 0;
  /** The logins the server saw (user and whether the password was right). */
  anmeldungen: { user: string; ok: boolean }[] = [];
  private server: SMTPServer | null = null;

  constructor(private readonly auth?: { user: string; pass: string }) {}

  async start(p = this.port): Promise<number> {
    const auth = this.auth;
    const server = new SMTPServer({
      authOptional: !auth,
      allowInsecureAuth: true,
      disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      logger: false,
      onAuth: (a, _session, cb) => {
        const ok = !!auth && a.username === auth.user && a.password === auth.pass;
        this.anmeldungen.push({ user: a.username ?? '', ok });
        if (!ok) return cb(new Error('535 Anmeldung fehlgeschlagen'));
        cb(null, { user: a.username });
      },
      onRcptTo(address, _session, cb) {
        if (address.address.endsWith('@abgelehnt.example')) {
          const e = new Error('5.1.1 Mailbox unbekannt') as Error & { responseCode: number };
          e.responseCode = 550;
          return cb(e);
        }
        cb();
      },
      onData: (stream, session, cb) => {
        const teile: Buffer[] = [];
        stream.on('data', (b: Buffer) => teile.push(b));
        stream.on('end', () => {
          this.empfangen.push({ an: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(teile).toString('latin1') });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(p, '127.0.0.1', () => resolve()));
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** Header value of a raw message (unfolded). */
export const kopf = (raw: string, name: string) => new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ');

/** The attachments of a multipart message: name and decoded bytes. */
export function anhaenge(raw: string): { name: string; daten: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .filter((teil) => /Content-Disposition: attachment/i.test(teil))
    .map((teil) => {
      const [h, ...rest] = teil.split('\r\n\r\n');
      const name = /filename="?([^";\r\n]+)"?/i.exec(h ?? '')?.[1] ?? '';
      return { name, daten: Buffer.from(rest.join('\r\n\r\n').replace(/\s+/g, ''), 'base64') };
    });
}

export const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Polls `was` until `bis` holds (15 s at most). */
export async function warte<T>(was: () => Promise<T>, bis: (x: T) => boolean, ms = 15_000): Promise<T> {
  const ende = Date.now() + ms;
  for (;;) {
    const x = await was();
    if (bis(x)) return x;
    if (Date.now() > ende) throw new Error(`timed out waiting: ${JSON.stringify(x)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
