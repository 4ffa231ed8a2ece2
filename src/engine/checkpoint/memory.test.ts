import { describe, expect, it } from 'vitest';
import { MemorySaver } from './memory';
import { runCheckpointerConformance } from './conformance';

runCheckpointerConformance('MemorySaver', async () => new MemorySaver(), { describe, it, expect });
