/**
 * Starts the test LangGraph dev server by hand and keeps it running until Ctrl-C:
 *   npm run langgraph:test-server                    # every test graph
 *   npm run langgraph:test-server -- chain review    # some of them
 * Prints the URL to connect to; its state lives in a temp dir that is removed on exit.
 */
import { startLangGraphServer, TEST_GRAPHS, type TestGraphId } from './harness';

const asked = process.argv.slice(2);
const unknown = asked.filter((id) => !(id in TEST_GRAPHS));
if (unknown.length) {
  console.error(`Unknown graph(s): ${unknown.join(', ')}. Known: ${Object.keys(TEST_GRAPHS).join(', ')}.`);
  process.exit(2);
}
const server = await startLangGraphServer({ ...(asked.length ? { graphs: asked as TestGraphId[] } : {}), echo: process.env.LANGGRAPH_SERVER_LOG === '1' });
console.log(`LangGraph dev server ready in ${server.startupMs} ms: ${server.url} (graphs: ${(asked.length ? asked : Object.keys(TEST_GRAPHS)).join(', ')})`);
console.log('Ctrl-C stops it.');
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
