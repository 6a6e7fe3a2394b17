// One free SQL run on SQLite, in a process of its own (freiesql.runner.ts forks it and kills it at the time limit: a
// worker thread cannot be stopped while SQLite computes one row — measured, `terminate()` waits for the native step).
// Plain JavaScript with better-sqlite3 only, so that it starts fast under tsx, vitest and the built server alike.
//
// The job `{ datei, text, werte, maxZeilen, sperre }` → messages `{ spalten }`, `{ zeilen: [...] }` (batches),
// `{ fertig: true, truncated }` or `{ abgelehnt: meldung }` / `{ fehler: meldung }`.
import Database from 'better-sqlite3';

const BATCH = 500;
const VERBOTENE_FUNKTIONEN = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer', 'zipfile', 'sqlar_compress', 'sqlar_uncompress']);

function send(msg) {
  return new Promise((resolve) => process.send(msg, resolve));
}

/** Why the statement is refused, from its compiled program (EXPLAIN): tables and columns out of reach, virtual tables, functions. */
function pruefeProgramm(db, text, werte, sperre) {
  const schema = db.prepare('select type, name, tbl_name as tabelle, rootpage from sqlite_schema where rootpage > 0').all();
  const nachSeite = new Map(schema.map((s) => [s.rootpage, s]));
  const gesperrteSpalten = new Map(); // table → set of column indexes
  for (const [tabelle, spalten] of Object.entries(sperre.spalten)) {
    const info = db.prepare('select cid, name from pragma_table_info(?)').all(tabelle);
    gesperrteSpalten.set(tabelle, new Map(info.filter((c) => spalten.includes(c.name)).map((c) => [c.cid, c.name])));
  }
  const gesperrteTabellen = new Set(sperre.tabellen);
  const cursor = new Map();
  for (const op of db.prepare(`EXPLAIN ${text}`).all(werte.map(() => null))) {
    switch (op.opcode) {
      case 'OpenWrite':
        return 'Eine Auswertung darf nur lesen.';
      case 'VOpen':
      case 'VFilter':
        return 'Virtuelle Tabellen und PRAGMA-Funktionen sind in Auswertungen nicht erlaubt.';
      case 'OpenRead':
      case 'ReopenIdx': {
        if (op.p3 !== 0) return 'Eine Auswertung liest nur die Hauptdatenbank.';
        const s = nachSeite.get(op.p2);
        if (!s) break;
        if (gesperrteTabellen.has(s.tabelle)) return `Die Tabelle ${s.tabelle} ist für Auswertungen gesperrt (Sitzungen, Sperren und Schlüssel).`;
        if (s.type === 'index' && gesperrteSpalten.has(s.tabelle)) {
          const spalten = db
            .prepare('select name from pragma_index_info(?)')
            .all(s.name)
            .map((c) => c.name);
          const verboten = spalten.find((c) => sperre.spalten[s.tabelle].includes(c));
          if (verboten) return `Die Spalte ${s.tabelle}.${verboten} ist für Auswertungen gesperrt.`;
        }
        cursor.set(op.p1, s.type === 'table' ? s.tabelle : null);
        break;
      }
      case 'Column': {
        const tabelle = cursor.get(op.p1);
        const gesperrt = tabelle ? gesperrteSpalten.get(tabelle) : undefined;
        if (gesperrt?.has(op.p2)) return `Die Spalte ${tabelle}.${gesperrt.get(op.p2)} ist für Auswertungen gesperrt (Passwort-Hashes).`;
        break;
      }
      case 'Function':
      case 'PureFunc':
      case 'AggStep':
      case 'AggFinal': {
        const name = /^([A-Za-z_0-9]+)\(/.exec(String(op.p4 ?? ''))?.[1]?.toLowerCase();
        if (name && VERBOTENE_FUNKTIONEN.has(name)) return `Die Funktion ${name} ist in Auswertungen nicht erlaubt.`;
        break;
      }
      default:
    }
  }
  return null;
}

function zelle(v) {
  if (Buffer.isBuffer(v)) return `[${v.length} Bytes]`;
  if (typeof v === 'bigint') return v.toString();
  return v;
}

// the server went away (ended, killed): a process kept in advance has nothing more to wait for
process.once('disconnect', () => process.exit(0));

process.once('message', async (job) => {
  let db;
  // the time limit counts from here: starting the process is not the report's time
  await send({ begonnen: true });
  try {
    db = new Database(job.datei, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    let stmt;
    try {
      stmt = db.prepare(job.text);
    } catch (err) {
      const meldung = String(err.message);
      await send(/more than one statement/i.test(meldung) ? { abgelehnt: 'Eine Auswertung ist genau eine Abfrage.' } : { fehler: meldung });
      return;
    }
    if (!stmt.reader || !stmt.readonly) {
      await send({ abgelehnt: 'Eine Auswertung darf nur lesen: diese Anweisung würde etwas ändern.' });
      return;
    }
    const grund = pruefeProgramm(db, job.text, job.werte, job.sperre);
    if (grund) {
      await send({ abgelehnt: grund });
      return;
    }
    if (job.nurPruefen) {
      await send({ fertig: true, truncated: false });
      return;
    }
    stmt.raw(true);
    await send({ spalten: stmt.columns().map((c) => ({ name: c.name })) });
    let zeilen = [];
    let anzahl = 0;
    let truncated = false;
    for (const row of stmt.iterate(job.werte)) {
      if (anzahl === job.maxZeilen) {
        truncated = true;
        break;
      }
      zeilen.push(row.map(zelle));
      anzahl++;
      if (zeilen.length === BATCH) {
        await send({ zeilen });
        zeilen = [];
      }
    }
    if (zeilen.length) await send({ zeilen });
    await send({ fertig: true, truncated });
  } catch (err) {
    await send({ fehler: String(err?.message ?? err) });
  } finally {
    try {
      db?.close();
    } catch {}
    process.disconnect?.();
  }
});
