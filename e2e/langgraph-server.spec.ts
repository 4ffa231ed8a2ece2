import { expect, test } from './servers/langgraph';

test.use({ langgraphOptions: { graphs: ['chain'] } });

test.describe('a LangGraph dev server seen from the built app', () => {
  test("the app's origin reads GET /info and sends a preflighted request with an API key (CORS)", async ({ page, langgraph, baseURL }) => {
    await page.goto('/');
    const origin = await page.evaluate(() => location.origin);
    expect(origin).toBe(new URL(baseURL!).origin);
    const info = await page.evaluate(async (url) => {
      const res = await fetch(`${url}/info`);
      return { status: res.status, type: res.type, body: await res.json() };
    }, langgraph.url);
    // A readable cross-origin answer: the server's CORS headers let this origin in.
    expect(info).toEqual({ status: 200, type: 'cors', body: expect.objectContaining({ version: langgraph.info.version }) });
    // JSON and a custom header make the browser send a preflight first; the server must allow both.
    const assistants = await page.evaluate(async (url) => {
      const res = await fetch(`${url}/assistants/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'kept-in-this-browser' },
        body: JSON.stringify({ limit: 10 }),
      });
      // The server exposes its paging header to other origins.
      return { status: res.status, total: res.headers.get('x-pagination-total'), graphs: ((await res.json()) as { graph_id: string }[]).map((a) => a.graph_id) };
    }, langgraph.url);
    expect(assistants).toEqual({ status: 200, total: '1', graphs: ['chain'] });
  });
});
