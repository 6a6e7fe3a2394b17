import { discountedUnit, rescale } from '../lib/money';

/**
 * The demo's article set: what a heating and plumbing installer sells and fits (issue 20 item 17). One list, read by
 * the product groups (foundation), the articles, the customer prices (both by article number) and the service
 * material. Prices are list prices in whole cents; the purchase price is the sales price less the group's margin, so
 * every article earns something.
 */

/** The product groups (reference data: every installation gets them), in their order. */
export const WARENGRUPPEN = [
  'Wärmeerzeuger',
  'Wärmepumpen',
  'Speicher',
  'Pumpen',
  'Armaturen',
  'Rohre & Fittings',
  'Heizkörper',
  'Regelung & Thermostate',
  'Sanitär',
  'Dienstleistungen',
] as const;
export type Warengruppe = (typeof WARENGRUPPEN)[number];

/** The units of the set: pieces, metres of pipe, hours of work, flat rates. */
export const EINHEITEN = ['Stk', 'm', 'Std', 'Pauschale'] as const;
type Einheit = (typeof EINHEITEN)[number];

/** Groups of installed devices: the customers' assets are of these. */
export const GERAETE_GRUPPEN: readonly Warengruppe[] = ['Wärmeerzeuger', 'Wärmepumpen', 'Speicher'];
/** Groups the technicians carry as spare parts (the service orders' material). */
export const ERSATZTEIL_GRUPPEN: readonly Warengruppe[] = ['Pumpen', 'Armaturen', 'Regelung & Thermostate'];

export interface KatalogArtikel {
  artikelnummer: string;
  /** '1' stocked goods, '3' services. */
  artikelart: '1' | '3';
  bezeichnung: string;
  warengruppe: Warengruppe;
  einheit: Einheit;
  hersteller: string | null;
  artikeltext: string;
  /** Net sales price per unit in 1/10,000 (whole cents). */
  preis: number;
  /** Purchase price per unit in 1/10,000: `preis` less `marge`. */
  ek: number;
  /** Margin on the sales price, hundredths of a percent. */
  marge: number;
}

interface Familie {
  gruppe: Warengruppe;
  einheit: Einheit;
  hersteller: string | null;
  /** The margin on the sales price, hundredths of a percent (the purchase price is the price less it). */
  marge: number;
  text: string;
  /** Name and net list price in cents. */
  artikel: readonly (readonly [string, number])[];
}

const FAMILIEN: readonly Familie[] = [
  {
    gruppe: 'Pumpen',
    einheit: 'Stk',
    hersteller: 'Grundfos',
    marge: 3800,
    text: 'Hocheffizienzpumpe mit Differenzdruckregelung, Energieeffizienzindex ≤ 0,20.',
    artikel: [
      ['Hocheffizienz-Umwälzpumpe ALPHA2 25-40 180', 289_00],
      ['Hocheffizienz-Umwälzpumpe ALPHA2 25-60 180', 329_00],
      ['Hocheffizienz-Umwälzpumpe ALPHA2 32-60 180', 359_00],
      ['Zirkulationspumpe COMFORT 15-14 BXDT', 249_00],
    ],
  },
  {
    gruppe: 'Pumpen',
    einheit: 'Stk',
    hersteller: 'Wilo',
    marge: 3800,
    text: 'Hocheffizienzpumpe für Heizungs- und Klimaanlagen, einfacher Austausch dank Standard-Einbaulänge.',
    artikel: [
      ['Hocheffizienz-Umwälzpumpe Yonos PICO 25/1-4', 219_00],
      ['Hocheffizienz-Umwälzpumpe Yonos PICO 25/1-6', 239_00],
      ['Hocheffizienz-Umwälzpumpe Stratos PICO 25/1-6', 349_00],
      ['Zirkulationspumpe Star-Z NOVA', 189_00],
    ],
  },
  {
    gruppe: 'Armaturen',
    einheit: 'Stk',
    hersteller: 'Oventrop',
    marge: 4500,
    text: 'Messing, DVGW-geprüft, für Heizungs- und Trinkwasseranlagen.',
    artikel: [
      ['Kugelhahn Messing DN 15 (1/2")', 14_90],
      ['Kugelhahn Messing DN 20 (3/4")', 18_90],
      ['Kugelhahn Messing DN 25 (1")', 26_50],
      ['Kugelhahn Messing DN 32 (1 1/4")', 39_90],
      ['Gasabsperrhahn DN 15 mit TAE', 34_90],
      ['Strangregulierventil Hydrocontrol VTR DN 20', 89_00],
    ],
  },
  {
    gruppe: 'Armaturen',
    einheit: 'Stk',
    hersteller: 'Heimeier',
    marge: 4500,
    text: 'Für den hydraulischen Abgleich voreinstellbar, Anschluss M30 x 1,5.',
    artikel: [
      ['Thermostatventil-Unterteil V-exact II DN 10', 24_90],
      ['Thermostatventil-Unterteil V-exact II DN 15', 26_90],
      ['Thermostatventil-Unterteil V-exact II DN 20', 34_90],
      ['Rücklaufverschraubung Regutec DN 15', 17_50],
    ],
  },
  {
    gruppe: 'Armaturen',
    einheit: 'Stk',
    hersteller: 'Reflex',
    marge: 4000,
    text: 'Membran-Druckausdehnungsgefäß für geschlossene Heizungs- und Solaranlagen.',
    artikel: [
      ['Membran-Ausdehnungsgefäß N 18 l', 49_90],
      ['Membran-Ausdehnungsgefäß N 25 l', 59_90],
      ['Membran-Ausdehnungsgefäß N 35 l', 79_90],
      ['Membran-Ausdehnungsgefäß N 50 l', 99_90],
      ['Trinkwasser-Ausdehnungsgefäß Refix DD 18 l', 109_00],
    ],
  },
  {
    gruppe: 'Armaturen',
    einheit: 'Stk',
    hersteller: 'Syr',
    marge: 4500,
    text: 'Sicherheitsarmatur nach DIN EN 12828, bauteilgeprüft.',
    artikel: [
      ['Membran-Sicherheitsventil 1/2", 2,5 bar', 19_90],
      ['Membran-Sicherheitsventil 1/2", 3 bar', 19_90],
      ['Rückflussverhinderer DN 20', 22_90],
      ['Druckminderer DN 20 mit Manometer', 69_90],
      ['Schmutzfänger DN 25', 29_90],
    ],
  },
  {
    gruppe: 'Wärmeerzeuger',
    einheit: 'Stk',
    hersteller: 'Viessmann',
    marge: 3200,
    text: 'Gas-Brennwertgerät für Erdgas und Flüssiggas, modulierend, mit witterungsgeführter Regelung.',
    artikel: [
      ['Gas-Brennwerttherme Vitodens 100-W 11 kW', 2849_00],
      ['Gas-Brennwerttherme Vitodens 100-W 19 kW', 3049_00],
      ['Gas-Brennwerttherme Vitodens 100-W 25 kW', 3249_00],
      ['Gas-Brennwerttherme Vitodens 200-W 25 kW', 4390_00],
      ['Gas-Brennwerttherme Vitodens 200-W 32 kW', 4790_00],
      ['Gas-Brennwert-Kombitherme Vitodens 111-W 26 kW', 5290_00],
    ],
  },
  {
    gruppe: 'Wärmeerzeuger',
    einheit: 'Stk',
    hersteller: 'Vaillant',
    marge: 3200,
    text: 'Gas-Brennwertgerät mit Verbrennungsregelung, für raumluftunabhängigen Betrieb.',
    artikel: [
      ['Gas-Brennwerttherme ecoTEC plus 20 kW', 3390_00],
      ['Gas-Brennwerttherme ecoTEC plus 25 kW', 3590_00],
      ['Gas-Brennwerttherme ecoTEC plus 35 kW', 3990_00],
      ['Gas-Brennwert-Kombitherme ecoTEC plus 26 kW', 3890_00],
    ],
  },
  {
    gruppe: 'Wärmeerzeuger',
    einheit: 'Stk',
    hersteller: 'Buderus',
    marge: 3200,
    text: 'Gas-Brennwertgerät mit Bedieneinheit, inklusive Abgasanschluss-Adapter.',
    artikel: [
      ['Gas-Brennwerttherme Logamax plus GB172i 14 kW', 2990_00],
      ['Gas-Brennwerttherme Logamax plus GB172i 20 kW', 3190_00],
      ['Gas-Brennwerttherme Logamax plus GB172i 24 kW', 3390_00],
    ],
  },
  {
    gruppe: 'Wärmeerzeuger',
    einheit: 'Stk',
    hersteller: 'Wolf',
    marge: 3200,
    text: 'Gas-Brennwertgerät für Wandmontage, Modulationsbereich 1:10.',
    artikel: [
      ['Gas-Brennwerttherme CGB-2 14 kW', 2690_00],
      ['Gas-Brennwerttherme CGB-2 20 kW', 2890_00],
      ['Gas-Brennwerttherme CGB-2 24 kW', 3090_00],
    ],
  },
  {
    gruppe: 'Wärmepumpen',
    einheit: 'Stk',
    hersteller: 'Vaillant',
    marge: 3000,
    text: 'Monoblock-Wärmepumpe mit natürlichem Kältemittel R290, Vorlauftemperatur bis 75 °C.',
    artikel: [
      ['Luft/Wasser-Wärmepumpe aroTHERM plus 7 kW', 10490_00],
      ['Luft/Wasser-Wärmepumpe aroTHERM plus 10 kW', 11990_00],
      ['Luft/Wasser-Wärmepumpe aroTHERM plus 12 kW', 13490_00],
    ],
  },
  {
    gruppe: 'Wärmepumpen',
    einheit: 'Stk',
    hersteller: 'Viessmann',
    marge: 3000,
    text: 'Monoblock-Wärmepumpe für Neubau und Modernisierung, leiser Nachtbetrieb.',
    artikel: [
      ['Luft/Wasser-Wärmepumpe Vitocal 250-A 8 kW', 14290_00],
      ['Luft/Wasser-Wärmepumpe Vitocal 250-A 10 kW', 15490_00],
      ['Luft/Wasser-Wärmepumpe Vitocal 250-A 13 kW', 16790_00],
      ['Sole/Wasser-Wärmepumpe Vitocal 300-G 8 kW', 16990_00],
    ],
  },
  {
    gruppe: 'Wärmepumpen',
    einheit: 'Stk',
    hersteller: 'Stiebel Eltron',
    marge: 3000,
    text: 'Wärmepumpe zur Außenaufstellung mit Inverter-Technik.',
    artikel: [
      ['Luft/Wasser-Wärmepumpe WPL 25 A', 15990_00],
      ['Luft/Wasser-Wärmepumpe WPL 25 AC', 17490_00],
      ['Warmwasser-Wärmepumpe WWK 300 electronic', 2790_00],
    ],
  },
  {
    gruppe: 'Speicher',
    einheit: 'Stk',
    hersteller: 'Buderus',
    marge: 3500,
    text: 'Stahlbehälter mit Hartschaum- oder Vliesisolierung, Effizienzklasse B oder besser.',
    artikel: [
      ['Pufferspeicher 200 l', 890_00],
      ['Pufferspeicher 300 l', 1090_00],
      ['Pufferspeicher 500 l', 1390_00],
      ['Pufferspeicher 800 l', 1890_00],
      ['Pufferspeicher 1000 l', 2190_00],
      ['Warmwasserspeicher 200 l, emailliert', 1190_00],
      ['Warmwasserspeicher 300 l, emailliert', 1490_00],
      ['Warmwasserspeicher 400 l, emailliert', 1890_00],
      ['Hygiene-Kombispeicher 800 l', 3290_00],
    ],
  },
  {
    gruppe: 'Rohre & Fittings',
    einheit: 'm',
    hersteller: 'Wieland',
    marge: 5000,
    text: 'Kupferrohr nach DIN EN 1057, halbhart, in Stangen zu 5 m.',
    artikel: [
      ['Kupferrohr 15 x 1 mm', 8_90],
      ['Kupferrohr 18 x 1 mm', 10_90],
      ['Kupferrohr 22 x 1 mm', 13_90],
      ['Kupferrohr 28 x 1,5 mm', 21_50],
    ],
  },
  {
    gruppe: 'Rohre & Fittings',
    einheit: 'm',
    hersteller: 'Uponor',
    marge: 5000,
    text: 'Mehrschichtverbundrohr PE-RT/Al/PE-RT für Heizung und Trinkwasser, als Rolle.',
    artikel: [
      ['Mehrschichtverbundrohr 16 x 2 mm', 2_95],
      ['Mehrschichtverbundrohr 20 x 2,25 mm', 4_20],
      ['Mehrschichtverbundrohr 25 x 2,5 mm', 6_80],
    ],
  },
  {
    gruppe: 'Rohre & Fittings',
    einheit: 'm',
    hersteller: 'Viega',
    marge: 5000,
    text: 'Edelstahlrohr 1.4401 für Pressverbindungen, in Stangen zu 6 m.',
    artikel: [
      ['Edelstahlrohr Sanpress 15 x 1 mm', 12_90],
      ['Edelstahlrohr Sanpress 18 x 1 mm', 14_90],
      ['Edelstahlrohr Sanpress 22 x 1,2 mm', 18_90],
      ['Edelstahlrohr Sanpress 28 x 1,2 mm', 24_90],
    ],
  },
  {
    gruppe: 'Rohre & Fittings',
    einheit: 'Stk',
    hersteller: 'Viega',
    marge: 5200,
    text: 'Pressfitting aus Kupfer mit SC-Contur, für Heizung und Trinkwasser.',
    artikel: [
      ['Pressfitting Bogen 90° 15 mm', 6_40],
      ['Pressfitting Bogen 90° 18 mm', 7_30],
      ['Pressfitting Bogen 90° 22 mm', 8_90],
      ['Pressfitting Bogen 90° 28 mm', 12_80],
      ['Pressfitting T-Stück 15 mm', 8_90],
      ['Pressfitting T-Stück 22 mm', 11_90],
      ['Pressfitting Muffe 15 mm', 4_20],
      ['Pressfitting Muffe 22 mm', 5_60],
      ['Pressfitting Übergang 22 mm x 3/4" AG', 13_50],
    ],
  },
  {
    gruppe: 'Rohre & Fittings',
    einheit: 'm',
    hersteller: 'Armacell',
    marge: 5000,
    text: 'Rohrdämmung nach GEG, Dämmschichtdicke 50 %.',
    artikel: [
      ['Rohrdämmschlauch 15 mm', 2_40],
      ['Rohrdämmschlauch 22 mm', 3_10],
      ['Rohrdämmschlauch 28 mm', 3_90],
    ],
  },
  {
    gruppe: 'Heizkörper',
    einheit: 'Stk',
    hersteller: 'Kermi',
    marge: 4200,
    text: 'Flachheizkörper mit Seitenanschluss, weiß (RAL 9016), inklusive Befestigungsset.',
    artikel: [
      ['Flachheizkörper Typ 11, 500 x 600 mm', 129_00],
      ['Flachheizkörper Typ 22, 600 x 800 mm', 219_00],
      ['Flachheizkörper Typ 22, 600 x 1000 mm', 259_00],
      ['Flachheizkörper Typ 22, 600 x 1200 mm', 299_00],
      ['Flachheizkörper Typ 22, 600 x 1400 mm', 339_00],
      ['Flachheizkörper Typ 33, 600 x 1000 mm', 359_00],
      ['Badheizkörper 1200 x 600 mm, weiß', 289_00],
      ['Badheizkörper 1800 x 600 mm, weiß', 349_00],
    ],
  },
  {
    gruppe: 'Regelung & Thermostate',
    einheit: 'Stk',
    hersteller: 'Heimeier',
    marge: 4500,
    text: 'Thermostatkopf mit eingebautem Flüssigkeitsfühler, Frostschutz.',
    artikel: [
      ['Thermostatkopf K, weiß', 19_90],
      ['Thermostatkopf K mit Fernfühler 2 m', 49_90],
    ],
  },
  {
    gruppe: 'Regelung & Thermostate',
    einheit: 'Stk',
    hersteller: 'Danfoss',
    marge: 4500,
    text: 'Thermostatkopf für Danfoss-RA-Ventile, mit Begrenzungs- und Blockiermöglichkeit.',
    artikel: [['Thermostatkopf RA 2994', 24_90]],
  },
  {
    gruppe: 'Regelung & Thermostate',
    einheit: 'Stk',
    hersteller: 'Vaillant',
    marge: 3800,
    text: 'Regler für Heizung und Warmwasser, für Brennwertgeräte und Wärmepumpen.',
    artikel: [
      ['Systemregler sensoCOMFORT VRC 720', 249_00],
      ['Außentemperaturfühler VRC 693', 39_90],
    ],
  },
  {
    gruppe: 'Regelung & Thermostate',
    einheit: 'Stk',
    hersteller: 'Honeywell',
    marge: 4000,
    text: 'Raumthermostat mit Wochenprogramm, für Zweipunkt- und OpenTherm-Regelung.',
    artikel: [
      ['Raumthermostat T6, programmierbar', 139_00],
      ['Funk-Heizkörperthermostat evohome', 69_90],
    ],
  },
  {
    gruppe: 'Sanitär',
    einheit: 'Stk',
    hersteller: 'Geberit',
    marge: 4000,
    text: 'Für Vorwandinstallation im Trocken- und Nassbau.',
    artikel: [
      ['WC-Vorwandelement Duofix 112 cm', 249_00],
      ['Betätigungsplatte Sigma01, weiß', 59_00],
    ],
  },
  {
    gruppe: 'Sanitär',
    einheit: 'Stk',
    hersteller: 'Grohe',
    marge: 4000,
    text: 'Sanitärarmatur mit Keramikkartusche, Durchflussbegrenzung.',
    artikel: [
      ['Waschtisch-Einhandmischer Eurosmart, Größe S', 89_00],
      ['Brausethermostat Grohtherm 800', 199_00],
      ['Eckventil 1/2" x 3/8"', 12_90],
    ],
  },
  {
    gruppe: 'Sanitär',
    einheit: 'Stk',
    hersteller: 'Stiebel Eltron',
    marge: 3800,
    text: 'Elektronisch geregelte Warmwasserbereitung direkt an der Zapfstelle.',
    artikel: [
      ['Durchlauferhitzer DHB-E 18/21/24 LCD', 589_00],
      ['Kleinspeicher ESH 5 U-N Trend, 5 l', 159_00],
    ],
  },
  {
    gruppe: 'Dienstleistungen',
    einheit: 'Std',
    hersteller: null,
    marge: 4000,
    text: 'Abrechnung je angefangene Viertelstunde.',
    artikel: [
      ['Monteurstunde', 68_00],
      ['Meisterstunde', 82_00],
      ['Helferstunde', 52_00],
      ['Notdienststunde (Nacht, Sonn- und Feiertag)', 115_00],
    ],
  },
  {
    gruppe: 'Dienstleistungen',
    einheit: 'Pauschale',
    hersteller: null,
    marge: 4500,
    text: 'Festpreis je Einsatz.',
    artikel: [
      ['Anfahrtspauschale Zone 1 (bis 10 km)', 39_00],
      ['Anfahrtspauschale Zone 2 (bis 25 km)', 59_00],
      ['Anfahrtspauschale Zone 3 (bis 50 km)', 89_00],
      ['Wartung Gas-Brennwerttherme', 189_00],
      ['Wartung Luft/Wasser-Wärmepumpe', 249_00],
      ['Hydraulischer Abgleich Einfamilienhaus', 690_00],
      ['Heizungsanlage spülen und befüllen', 290_00],
      ['Gebrauchsfähigkeitsprüfung Gasleitung', 149_00],
      ['Inbetriebnahme Wärmepumpe', 490_00],
      ['Entsorgung Altgerät', 95_00],
    ],
  },
];

/** Every article of the set, numbered in order (A-10000, A-10007, …): the same numbers in every seeded database. */
export const KATALOG: readonly KatalogArtikel[] = FAMILIEN.flatMap((f) => f.artikel.map(([bezeichnung, cents]) => ({ f, bezeichnung, cents }))).map(
  ({ f, bezeichnung, cents }, i) => {
    const preis = rescale(cents, 2, 4);
    // a little spread around the group's margin (± 3 points), so not every article of a group earns the same
    const marge = f.marge + ((i * 37) % 7) * 100 - 300;
    return {
      artikelnummer: `A-${String(10_000 + i * 7)}`,
      artikelart: f.gruppe === 'Dienstleistungen' ? '3' : '1',
      bezeichnung,
      warengruppe: f.gruppe,
      einheit: f.einheit,
      hersteller: f.hersteller,
      artikeltext: f.text,
      preis,
      ek: discountedUnit(preis, marge),
      marge,
    };
  },
);
