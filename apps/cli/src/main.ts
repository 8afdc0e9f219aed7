#!/usr/bin/env node
import 'reflect-metadata';
import { runCli } from './program';

// exitCode (not process.exit) so stdout is flushed before the process ends.
void runCli(process.argv).then((code) => {
  process.exitCode = code;
});
