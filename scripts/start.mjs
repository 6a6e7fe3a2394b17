#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server
// (which migrates, seeds the demo data on first run, and serves web + API).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

await ensureWebBuild();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
