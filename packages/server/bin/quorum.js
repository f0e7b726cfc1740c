#!/usr/bin/env node
// Entry of the `quorum` command: loads the TypeScript sources through tsx's ESM loader, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
