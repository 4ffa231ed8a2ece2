// The conformance suite on the real IndexedDB of Chromium (vitest.browser.config.ts).
import { describe, expect, it } from 'vitest';
import { runCheckpointerConformance } from '../../engine/checkpoint/conformance';
import { IndexedDBSaver } from './saver';

const prefix = `conformance-${Date.now()}`;
let n = 0;
runCheckpointerConformance('IndexedDBSaver (Chromium)', async () => new IndexedDBSaver({ dbName: `${prefix}-${n++}` }), { describe, it, expect });
