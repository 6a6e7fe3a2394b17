import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { addHistory } from '../belege/belege.history';
import { smtpKonfiguration } from './mail.service';

/**
 * The background sender of the outbox (issue 24 item 9), started with the server and stopped on close.
 *
 * - The queue is the table: a restart finds every mail still queued and sends it.
 * - A mail is claimed before it is sent: one conditional update sets a lease (`gesperrtBis`) on a due, unleased,
 *   queued row and counts the attempt; only the sender whose update changed the row talks to the SMTP server, and
 *   marks it sent after the server accepted it. A second sender (another process) never takes a leased row. A lease
 *   runs out only when its sender died mid-delivery; the retry then carries the same Message-ID.
 * - A refusal the server calls permanent (5xx) fails the mail at once; anything else (connection refused, timeout,
 *   4xx) is retried after base × 2^(attempt − 1) (base `MAIL.WIEDERHOLUNG_MS`, default one minute; at most six
 *   hours), up to `MAX_VERSUCHE` attempts. The server's last answer is kept with the mail.
 * - The document's history gets a row E when the mail was delivered or finally failed.
 */
export const MAX_VERSUCHE = 10;
const LEASE_MS = 5 * 60_000;
const MAX_PAUSE_MS = 6 * 60 * 60_000;

type Fehler = Error & { responseCode?: number; response?: string; code?: string };

export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private laeuft: Promise<void> | null = null;
  private nochmal = false;
  private gestoppt = false;

  constructor(private readonly db: Db) {}

  /** Looks for due mails now (after a send was queued, at start, when a retry is due). */
  anstossen(): void {
    if (this.gestoppt) return;
    if (this.laeuft) {
      this.nochmal = true;
      return;
    }
    this.laeuft = this.runde()
      .catch(() => undefined)
      .finally(() => {
        this.laeuft = null;
        if (this.nochmal && !this.gestoppt) {
          this.nochmal = false;
          this.anstossen();
        }
      });
  }

  start(): void {
    this.gestoppt = false;
    this.anstossen();
  }

  async stop(): Promise<void> {
    this.gestoppt = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.laeuft;
  }

  /** Waits until the current round is over (tests). */
  async leerlauf(): Promise<void> {
    while (this.laeuft) await this.laeuft;
  }

  private planen(wann: string | null) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!wann || this.gestoppt) return;
    const ms = Math.min(Math.max(new Date(wann).getTime() - Date.now(), 5), 60 * 60_000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.anstossen();
    }, ms);
    this.timer.unref();
  }

  private async faellige(): Promise<number[]> {
    const jetzt = nowIso();
    const rows = await this.db
      .selectFrom('mailAusgang')
      .select('id')
      .where('zustand', '=', 'wartend')
      .where('naechsterVersuch', '<=', jetzt)
      .where((eb) => eb.or([eb('gesperrtBis', 'is', null), eb('gesperrtBis', '<', jetzt)]))
      .orderBy('naechsterVersuch')
      .orderBy('id')
      .limit(20)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Claims one mail: true when this sender's update took the lease. */
  private async nimm(id: number): Promise<boolean> {
    const jetzt = nowIso();
    const res = await this.db
      .updateTable('mailAusgang')
      .set({ gesperrtBis: nowIso(LEASE_MS), versuche: sql<number>`${sql.ref('versuche')} + 1` })
      .where('id', '=', id)
      .where('zustand', '=', 'wartend')
      .where('naechsterVersuch', '<=', jetzt)
      .where((eb) => eb.or([eb('gesperrtBis', 'is', null), eb('gesperrtBis', '<', jetzt)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private async runde(): Promise<void> {
    for (;;) {
      if (this.gestoppt) return;
      const ids = await this.faellige();
      if (!ids.length) break;
      const k = await smtpKonfiguration(this.db);
      const transport = nodemailer.createTransport({
        host: k.host ?? 'localhost',
        port: k.port,
        secure: k.sicherheit === 'tls',
        requireTLS: k.sicherheit === 'starttls',
        ignoreTLS: k.sicherheit === 'keine',
        ...(k.benutzer ? { auth: { user: k.benutzer, pass: k.passwort ?? '' } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      if (k.passwortFehler) {
        // a key that does not fit is the administrator's to fix: the mails wait (with the reason) and are retried
        for (const id of ids) if (await this.nimm(id)) await this.verschieben(id, k.passwortFehler, k.wiederholungMs);
        transport.close();
        break;
      }
      try {
        for (const id of ids) {
          if (this.gestoppt) return;
          if (await this.nimm(id)) await this.sende(transport, id, k.wiederholungMs);
        }
      } finally {
        transport.close();
      }
    }
    const naechste = await this.db
      .selectFrom('mailAusgang')
      .select((eb) => eb.fn.min('naechsterVersuch').as('wann'))
      .where('zustand', '=', 'wartend')
      .executeTakeFirst();
    this.planen((naechste?.wann as string | null | undefined) ?? null);
  }

  /** Puts a claimed mail back for a later attempt with the reason (as after a temporary refusal). */
  private async verschieben(id: number, antwort: string, basisMs: number): Promise<void> {
    const m = await this.db.selectFrom('mailAusgang').select(['versuche', 'naechsterVersuch']).where('id', '=', id).executeTakeFirstOrThrow();
    const pause = Math.min(basisMs * 2 ** Math.max(0, Number(m.versuche) - 1), MAX_PAUSE_MS);
    await this.db
      .updateTable('mailAusgang')
      .set({ letzteAntwort: antwort.slice(0, 1000), gesperrtBis: null, naechsterVersuch: nowIso(pause) })
      .where('id', '=', id)
      .execute();
  }

  private async sende(transport: Transporter, id: number, basisMs: number): Promise<void> {
    const m = await this.db.selectFrom('mailAusgang').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const anhaenge = await this.db.selectFrom('mailAnhaenge').select(['name', 'mimeType', 'daten']).where('mailId', '=', id).orderBy('reihenfolge').execute();
    try {
      const info = await transport.sendMail({
        from: m.absender,
        to: JSON.parse(m.an) as string[],
        cc: JSON.parse(m.cc) as string[],
        subject: m.betreff,
        text: m.text,
        messageId: m.messageId,
        attachments: anhaenge.map((a) => ({ filename: a.name, contentType: a.mimeType, content: Buffer.from(a.daten) })),
      });
      const antwort = String(info.response ?? '').slice(0, 1000);
      await this.db
        .updateTable('mailAusgang')
        .set({ zustand: 'gesendet', gesendetAm: nowIso(), letzteAntwort: antwort, gesperrtBis: null })
        .where('id', '=', id)
        .execute();
      if (m.belegId !== null) await addHistory(this.db, m.belegId, 'E', `E-Mail Nr. ${id} zugestellt an ${JSON.parse(m.an).join(', ')} (${antwort})`, null);
    } catch (e) {
      const f = e as Fehler;
      const antwort = (f.response ?? `${f.code ? `${f.code}: ` : ''}${f.message}`).slice(0, 1000);
      const versuche = Number(m.versuche);
      const endgueltig = (f.responseCode !== undefined && f.responseCode >= 500) || versuche >= MAX_VERSUCHE;
      const pause = Math.min(basisMs * 2 ** Math.max(0, versuche - 1), MAX_PAUSE_MS);
      await this.db
        .updateTable('mailAusgang')
        .set({
          zustand: endgueltig ? 'fehlgeschlagen' : 'wartend',
          letzteAntwort: antwort,
          gesperrtBis: null,
          naechsterVersuch: endgueltig ? m.naechsterVersuch : nowIso(pause),
        })
        .where('id', '=', id)
        .execute();
      if (endgueltig && m.belegId !== null) await addHistory(this.db, m.belegId, 'E', `E-Mail Nr. ${id} nicht zugestellt: ${antwort}`, null);
    }
  }
}
