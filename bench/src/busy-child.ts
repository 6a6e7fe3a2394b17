// Child of bench/src/busy.ts: keeps one core busy until it is told to stop, its parent goes, or MAX seconds pass.
//   cpu <max>: a CPU loop in slices of 50 ms (the event loop turns between them, so SIGTERM and disconnect end it)
//   api <max> <url> <token>: 20 concurrent clients reading list windows, records and searches, one request after another
const [mode, max, url, token] = process.argv.slice(2);
const end = Date.now() + Number(max) * 1000;
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
process.on('disconnect', () => {
  stopping = true;
});
const running = () => !stopping && Date.now() < end;

if (mode === 'cpu') {
  process.send?.('ready');
  let x = 0;
  while (running()) {
    const slice = Date.now() + 50;
    while (Date.now() < slice) x = (x * 1103515245 + 12345) % 2147483648;
    await new Promise((r) => setImmediate(r));
  }
} else {
  const headers = { authorization: `Bearer ${token}` };
  const paths = [
    '/vario-api/stammdaten/adressen?limit=100&offset=0&orderBy=name1&returnTotal=true',
    '/vario-api/stammdaten/artikel?limit=100&offset=200&orderBy=artikelnummer',
    '/vario-api/stammdaten/artikel?limit=100&orderBy=artikelnummer&returnTotal=true&search=pumpe',
    '/vario-api/verkauf/belege?limit=100&orderBy=-id&returnTotal=true',
    '/vario-api/webapp/me',
  ];
  process.send?.('ready');
  await Promise.all(
    Array.from({ length: 20 }, async (_, c) => {
      for (let i = c; running(); i++) {
        try {
          await (await fetch(`${url}${paths[i % paths.length]}`, { headers })).arrayBuffer();
        } catch {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }),
  );
}
process.exit(0);

export {};
