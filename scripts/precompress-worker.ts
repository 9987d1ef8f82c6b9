// Compresses its share of the build's files on a second thread (scripts/build-brands.ts, docs/shell.md "Build").
import { workerData } from 'node:worker_threads';
import { precompressFiles } from '../src/gateway/precompress.ts';

precompressFiles(workerData as string[]);
