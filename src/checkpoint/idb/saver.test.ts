import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { runCheckpointerConformance } from '../../engine/checkpoint/conformance';
import { IndexedDBSaver } from './saver';

let n = 0;
runCheckpointerConformance('IndexedDBSaver (fake-indexeddb)', async () => new IndexedDBSaver({ dbName: `conformance-${n++}` }), { describe, it, expect });
