// Loaded into the server process by the load test (NODE_OPTIONS=--import): on SIGUSR2 it runs a full garbage
// collection and writes process.memoryUsage() as JSON to RELIABILITY_GC_FILE, so that memory is compared after GC
// and not at a random point of the collector's saw-tooth. Measurement only; never loaded by the server itself.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.RELIABILITY_GC_FILE;
if (file) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
