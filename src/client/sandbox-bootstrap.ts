/**
 * The sandbox iframe's whole script. It runs in an opaque origin (`sandbox="allow-scripts"`, no
 * `allow-same-origin`): no IndexedDB, no Web Locks, no access to the page. It answers the page's
 * heartbeat, and once the page boots it with the engine bundle and a control port it starts and
 * stops sandbox workers for the storage worker at the other end of that port. It never evaluates
 * data: the bundle becomes a Blob URL that workers are started from.
 *
 * The function must stay self-contained: its source text is the iframe's script.
 */
export function sandboxBootstrap(): void {
  let control: MessagePort | null = null;
  let url: string | null = null;
  const workers = new Map<string, Worker>();
  const stopAll = () => {
    for (const w of workers.values()) w.terminate();
    workers.clear();
  };
  const onControl = (ev: MessageEvent) => {
    const m = ev.data as { t?: unknown; key?: unknown } | null;
    if (typeof m !== 'object' || m === null || typeof m.key !== 'string' || url === null) return;
    const key = m.key;
    workers.get(key)?.terminate();
    workers.delete(key);
    const port = ev.ports[0];
    if (m.t !== 'spawn' || !port) return;
    const worker = new Worker(url, { name: key });
    worker.onerror = () => control?.postMessage({ t: 'error', key });
    worker.postMessage({ port }, [port]);
    workers.set(key, worker);
  };
  addEventListener('message', (ev: MessageEvent) => {
    if (ev.source !== parent) return;
    const m = ev.data as { t?: unknown; n?: unknown; code?: unknown } | null;
    if (typeof m !== 'object' || m === null) return;
    if (m.t === 'ping' && typeof m.n === 'number') parent.postMessage({ t: 'pong', n: m.n }, '*');
    else if (m.t === 'boot' && typeof m.code === 'string' && ev.ports[0]) {
      // A (new) storage worker: the workers started for the previous one are of no use.
      stopAll();
      control?.close();
      if (url !== null) URL.revokeObjectURL(url);
      url = URL.createObjectURL(new Blob([m.code], { type: 'text/javascript' }));
      control = ev.ports[0];
      control.onmessage = onControl;
    }
  });
  parent.postMessage({ t: 'ready' }, '*');
}

/**
 * The iframe's document: a restrictive policy and the script. Scripts are this one and the Blob
 * workers, which inherit the policy (and so do the workers graph code starts); `unsafe-eval`
 * because evaluating graph code is what they are for (nowhere else does the app evaluate code).
 * No network: `connect-src 'none'` refuses every fetch, XMLHttpRequest, WebSocket and EventSource,
 * and `default-src 'none'` every other load but the Blob workers.
 */
export function sandboxDocument(): string {
  const policy = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' blob:; worker-src blob:; connect-src 'none'";
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}"><script>(${sandboxBootstrap.toString()})()</script>`;
}
