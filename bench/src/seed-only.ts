import { benchDatabase } from './lib';

/** Prepares a benchmark database ahead of time: `node --import tsx bench/src/seed-only.ts 1m`. */
await benchDatabase(process.argv[2] ?? '1m');
process.exit(0);
