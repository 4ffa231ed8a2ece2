/**
 * Imports the sandbox cannot offer are reported at their line and column, with the reason and the
 * list of what can be imported, grouped by package; a misspelt name gets the likely spelling.
 */
import { describe, expect, it } from 'vitest';
import { compileUserModule } from '../../src/sandbox/user-graphs';
import { positionOf } from './position-of';

function importError(source: string) {
  const r = compileUserModule('user:refusals', source);
  if (r.ok) throw new Error('expected an import error');
  expect(r.error.kind).toBe('import');
  return r.error;
}

const TAIL = `\nexport default new StateGraph(MessagesAnnotation).addNode("a", () => ({ messages: [] })).addEdge("__start__", "a");\n`;

describe('imports the sandbox cannot offer', () => {
  it('refuses @langchain/langgraph/remote at its line, saying it needs the network', () => {
    const source = `import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";\n// a remote graph\nimport { RemoteGraph } from "@langchain/langgraph/remote";\nconst r = new RemoteGraph({ graphId: "x", url: "http://localhost" });${TAIL}`;
    const e = importError(source);
    expect(e.message).toMatch(/^`@langchain\/langgraph\/remote` \(imported for `RemoteGraph`\) is not available in replaygraph: `RemoteGraph` calls a LangGraph server over HTTP, and graph code has no network/);
    expect({ line: e.line, column: e.column }).toEqual(positionOf(source, 'RemoteGraph'));
  });

  it('lists what can be imported one package a line', () => {
    const source = `import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";\nimport leftPad from "left-pad";\nleftPad("a", 3);${TAIL}`;
    const e = importError(source);
    const [head, ...list] = e.message.split('\n');
    expect(head).toBe('`left-pad` is not available in replaygraph. A graph can import:');
    expect(list.map((l) => l.split(/[,:]/)[0])).toEqual([
      '- @langchain/core', '- @langchain/langgraph', '- @langchain/langgraph-checkpoint', '- replaygraph', '- uuid', '- zod',
    ]);
    expect(list).toContain('- @langchain/langgraph, and /channels, /prebuilt, /pregel, /stream, /web, /zod, /zod/schema');
    expect({ line: e.line, column: e.column }).toEqual(positionOf(source, '"left-pad"'));
  });

  it('suggests the spelling of a misspelt name, at the name', () => {
    const source = `import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";\nimport { FakeListChatModle } from "@langchain/core/utils/testing";\nnew FakeListChatModle({ responses: [] });${TAIL}`;
    const e = importError(source);
    expect(e.message).toBe('`FakeListChatModle` is not exported by `@langchain/core/utils/testing` in replaygraph. Did you mean `FakeListChatModel`?');
    expect({ line: e.line, column: e.column }).toEqual(positionOf(source, 'FakeListChatModle'));
  });

  it('names the reason a LangGraph.js export is left out', () => {
    const source = `import { StateGraph, MessagesAnnotation, UnknownInterruptError } from "@langchain/langgraph";\nnew UnknownInterruptError();${TAIL}`;
    const e = importError(source);
    expect(e.message).toBe("`UnknownInterruptError` is not exported by `@langchain/langgraph` in replaygraph: replaygraph's engine does not have it.");
  });
});

describe('@langchain/core entry points that need Node', () => {
  it('refuses callbacks/dispatch and points at its web twin, which is offered', () => {
    const source = `import { StateGraph, MessagesAnnotation } from "@langchain/langgraph";\nimport { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch";\nvoid dispatchCustomEvent;${TAIL}`;
    const e = importError(source);
    expect(e.message).toMatch(/^`@langchain\/core\/callbacks\/dispatch` \(imported for `dispatchCustomEvent`\) is not available in replaygraph: it finds a run's config through Node's `async_hooks`/);
    const web = compileUserModule('user:dispatch-web', source.replace('callbacks/dispatch"', 'callbacks/dispatch/web"'));
    expect(web.ok ? 'ok' : web.error).toBe('ok');
  });
});
