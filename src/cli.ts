#!/usr/bin/env node
import module from 'node:module';

/**
 * The executable. It only turns on Node's on-disk compile cache (Node >= 22.1;
 * a no-op where unavailable) before anything else loads, so every later start
 * skips compiling the ~400 modules a command needs; then it runs main.ts.
 * Tests and tools import main() from main.ts, never this file.
 */
module.enableCompileCache?.();
const { runProcess } = await import('./main.js');
await runProcess();
