/**
 * IndexedDB checkpointer benchmark (prints figures; not a test). Serves bench/idb/index.html with
 * Vite, runs it in Chromium and prints:
 * - checkpoints per second over a 1,000-superstep run (putWrites + put per superstep) for
 *   IndexedDBSaver and for a raw idb baseline writing the same records in the same transactions;
 * - bytes stored per checkpoint when one small channel changes each step beside an unchanged
 *   100 KB channel (UTF-8 JSON size of every stored record of the thread, and the change in
 *   `navigator.storage.estimate().usage`).
 *
 * Run: npx tsx bench/idb/run.ts
 */
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

interface Result {
  steps: number;
  rounds: { saverMs: number; baselineMs: number }[];
  bytes: { total: number; checkpoints: number };
  usageDelta: number;
  rawUsageDelta: number;
}

async function main() {
  const server = await createServer({ configFile: false, root: process.cwd(), logLevel: 'error', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null } });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (err) => console.error('page error:', err));
    await page.goto(`${url}bench/idb/index.html`);
    await page.waitForFunction(() => window.benchResult !== undefined);
    const result = (await page.evaluate(() => window.benchResult)) as Result;
    print(result);
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r: Result) {
  const perSec = (ms: number) => (r.steps / ms) * 1000;
  console.log(`IndexedDB checkpointer, ${r.steps} supersteps (putWrites + put each), Chromium`);
  r.rounds.forEach(({ saverMs, baselineMs }, i) => {
    console.log(`  round ${i + 1}: IndexedDBSaver ${perSec(saverMs).toFixed(0)} checkpoints/s, raw idb ${perSec(baselineMs).toFixed(0)} checkpoints/s, ratio ${(baselineMs / saverMs).toFixed(2)}`);
  });
  const median = (k: 'saverMs' | 'baselineMs') => r.rounds.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(r.rounds.length / 2)]!;
  const ratios = r.rounds.map((x) => x.baselineMs / x.saverMs).sort((a, b) => a - b);
  console.log(`  median of per-round ratios (each round runs both back to back): ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)} (target ≥ 0.70)`);
  console.log(`  median times: IndexedDBSaver ${perSec(median('saverMs')).toFixed(0)}/s vs raw ${perSec(median('baselineMs')).toFixed(0)}/s → ratio ${(median('baselineMs') / median('saverMs')).toFixed(2)}`);
  const { total, checkpoints } = r.bytes;
  console.log(`Size: ${checkpoints} checkpoints, one small channel changing beside an unchanged 100 KB channel`);
  console.log(`  stored records (UTF-8 JSON): ${total} bytes → ${(total / checkpoints).toFixed(0)} bytes/checkpoint (target < 2048)`);
  console.log(`  navigator.storage.estimate() usage delta: ${r.usageDelta} bytes → ${(r.usageDelta / checkpoints).toFixed(0)} bytes/checkpoint`);
  console.log(`  (raw idb writing the same records: ${(r.rawUsageDelta / checkpoints).toFixed(0)} bytes/checkpoint by the same estimate)`);
}

await main();
