import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ERV_CHECKLISTE_UNVOLLSTAENDIG,
  ERV_CHECKPUNKTE,
  ERV_KLEINBETRAG_GRENZE_EURO,
  ERV_KLEINBETRAG_UNTERPUNKTE,
  ERV_KLEINBETRAG_ZU_HOCH,
  ERV_STATUS_WERTE,
  ERV_UNTERPUNKTE,
  ERV_WORKFLOW,
  type ErvCheckliste,
  ervChecklisteKonsistent,
  ervNachAblehnung,
  ervNachFreigabe,
  ervPflichtUnterpunkte,
  pruefeCheckliste,
  setzeCheckpunkt,
} from './eingangsrechnungen';

/** The checklist of the bits of `n` (0 … 2^11 − 1), one bit per item in ERV_CHECKPUNKTE order. */
const ausBits = (n: number) => Object.fromEntries(ERV_CHECKPUNKTE.map((p, i) => [p, ((n >> i) & 1) === 1])) as ErvCheckliste;
const ALLE = 2 ** ERV_CHECKPUNKTE.length;
const kombination = fc.integer({ min: 0, max: ALLE - 1 }).map(ausBits);
/** Gross amounts around the § 33 UStDV limit and anywhere. */
const brutto = fc.oneof(
  fc.constantFrom(0, 249.99, 250, 250.01, 10_000),
  fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
);

describe('incoming-invoice checklist (one pure function)', () => {
  it('has eleven items: visual check, VAT-compliant with eight sub-items, small value', () => {
    expect(ERV_CHECKPUNKTE).toHaveLength(11);
    expect(ERV_UNTERPUNKTE).toHaveLength(8);
    expect(ERV_KLEINBETRAG_GRENZE_EURO).toBe(250);
  });

  it('[ERV-016] [ERV-017] OK exactly when visual check and VAT-compliant with its required sub-items are ticked (all 2^11 combinations)', () => {
    for (let n = 0; n < ALLE; n++) {
      const c = ausBits(n);
      for (const b of [250, 250.01]) {
        const kleinGilt = c.kleinbetrag && b <= 250;
        const pflicht = kleinGilt ? ERV_KLEINBETRAG_UNTERPUNKTE : ERV_UNTERPUNKTE;
        const erwartet = !(c.kleinbetrag && b > 250) && c.sichtpruefung && c.ustKonform && pflicht.every((p) => c[p]);
        const e = pruefeCheckliste(c, b);
        expect(e.ok, `${n} @ ${b}`).toBe(erwartet);
        if (e.ok) expect(e.meldung).toBeNull();
        else expect([ERV_CHECKLISTE_UNVOLLSTAENDIG, ERV_KLEINBETRAG_ZU_HOCH]).toContain(e.meldung);
        if (!c.kleinbetrag || b <= 250) expect(e.meldung === ERV_KLEINBETRAG_ZU_HOCH).toBe(false);
      }
    }
  });

  it('property: OK implies visual check and VAT-compliant; without either, the incomplete message', () => {
    fc.assert(
      fc.property(kombination, brutto, (c, b) => {
        const e = pruefeCheckliste(c, b);
        if (e.ok) return c.sichtpruefung && c.ustKonform && ervChecklisteKonsistent(c, b);
        if (!c.sichtpruefung || !c.ustKonform) return e.meldung !== null && e.fehlend.length > 0;
        return true;
      }),
      { numRuns: 5000 },
    );
  });

  it('[ERV-013] property: ticking VAT-compliant ticks all eight sub-items; unticking it unticks them', () => {
    fc.assert(
      fc.property(kombination, brutto, (c, b) => {
        const an = setzeCheckpunkt(c, 'ustKonform', true, b);
        const aus = setzeCheckpunkt(c, 'ustKonform', false, b);
        return an.ustKonform && ERV_UNTERPUNKTE.every((p) => an[p]) && !aus.ustKonform && ERV_UNTERPUNKTE.every((p) => !aus[p]);
      }),
      { numRuns: 5000 },
    );
  });

  it('[ERV-014] [ERV-015] property: unticking a sub-item VAT-compliant stands for unticks it; ticking the last of them ticks it', () => {
    fc.assert(
      fc.property(kombination, brutto, fc.constantFrom(...ERV_UNTERPUNKTE), (c, b, p) => {
        const aus = setzeCheckpunkt(c, p, false, b);
        const pflicht = ervPflichtUnterpunkte(aus, b);
        if (pflicht.includes(p) && aus.ustKonform) return false;
        const an = setzeCheckpunkt(c, p, true, b);
        const alle = ervPflichtUnterpunkte(an, b).every((q) => an[q]);
        if (pflicht.includes(p) && alle !== an.ustKonform) return false;
        return true;
      }),
      { numRuns: 10_000 },
    );
  });

  it('every tick from any of the 2^11 states leaves the parent consistent with the children it stands for', () => {
    for (let n = 0; n < ALLE; n++) {
      const c = ausBits(n);
      for (const p of ERV_CHECKPUNKTE)
        for (const w of [true, false]) {
          const r = setzeCheckpunkt(c, p, w, 200);
          if (p !== 'sichtpruefung') expect(ervChecklisteKonsistent(r, 200), `${n} ${p}=${w}`).toBe(true);
          expect(r[p]).toBe(w);
        }
    }
  });

  it('small value (§ 33 UStDV, up to 250,00 € gross) asks only name and address, issue date, quantity and type, tax rate and amount', () => {
    expect([...ERV_KLEINBETRAG_UNTERPUNKTE].sort()).toEqual(['ausstellungsdatum', 'mengeArt', 'nameAnschrift', 'steuersatzBetrag']);
    const c = Object.fromEntries(ERV_CHECKPUNKTE.map((p) => [p, false])) as ErvCheckliste;
    let s = setzeCheckpunkt(c, 'sichtpruefung', true, 250);
    s = setzeCheckpunkt(s, 'kleinbetrag', true, 250);
    for (const p of ERV_KLEINBETRAG_UNTERPUNKTE) s = setzeCheckpunkt(s, p, true, 250);
    expect(s.ustKonform).toBe(true);
    expect(pruefeCheckliste(s, 250).ok).toBe(true);
    expect(pruefeCheckliste(s, 250.01)).toMatchObject({ ok: false, meldung: ERV_KLEINBETRAG_ZU_HOCH });
  });
});

describe('incoming-invoice workflow table', () => {
  it('approving walks 0 → 10 → 19 → 20 → 29 → 30 → 39 → 40 → 49 → 99; without the sub-check 29 → 40', () => {
    const weg = (ohne: boolean) => {
      const out: number[] = [0];
      for (let s = ervNachFreigabe(0, ohne); s !== null; s = ervNachFreigabe(s, ohne)) out.push(s);
      return out;
    };
    expect(weg(false)).toEqual([0, 10, 19, 20, 29, 30, 39, 40, 49, 99]);
    expect(weg(true)).toEqual([0, 10, 19, 20, 29, 40, 49, 99]);
  });

  it('rejecting an opened stage passes its x1 to 91; closed and granted states refuse; every status has a label', () => {
    expect(ervNachAblehnung(0)).toEqual([91]);
    expect(ervNachAblehnung(10)).toEqual([11, 91]);
    expect(ervNachAblehnung(40)).toEqual([41, 91]);
    for (const s of [11, 19, 21, 29, 31, 39, 41, 49, 91, 99]) expect(ervNachAblehnung(s)).toBeNull();
    expect(ervNachAblehnung(5)).toBeNull();
    for (const s of ERV_STATUS_WERTE) expect(ERV_WORKFLOW[s].label.de.length).toBeGreaterThan(0);
    expect(ERV_WORKFLOW[91].abgeschlossen && ERV_WORKFLOW[99].abgeschlossen).toBe(true);
  });
});
