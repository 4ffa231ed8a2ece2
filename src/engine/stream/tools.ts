/**
 * `streamMode: 'tools'`: tool runs as events, as LangGraph.js 1.7.3 streams them —
 * `{ event: 'on_tool_start', toolCallId, name, input }`, `on_tool_event` (a tool's streamed
 * chunk), `on_tool_end` (`output`) and `on_tool_error` (`error`; an interrupt is not an error).
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { eventNamespace, isOutsideStream, type NamespaceOptions } from './namespace';

/** Where the handler's events go. */
export type ToolsSink = (ns: string[], event: Record<string, unknown>) => void;

interface ToolRun {
  ns: string[];
  toolCallId?: string;
  name: string;
}

const isInterruption = (e: unknown) => e instanceof Error && (e.name === 'GraphInterrupt' || e.name === 'NodeInterrupt' || e.name === 'GraphDrained');

/** The `tools` stream mode as a LangChain callback handler. */
export class StreamToolsHandler extends BaseCallbackHandler {
  name = 'StreamToolsHandler';
  /** Events are emitted before the tool call returns. */
  override awaitHandlers = true;
  private readonly runs: Record<string, ToolRun> = {};

  constructor(private readonly sink: ToolsSink, readonly namespaceOptions?: NamespaceOptions) {
    super();
  }

  override handleToolStart(_tool: unknown, input: string, runId: string, _parentRunId?: string, tags?: string[], metadata?: Record<string, unknown>, runName?: string, toolCallId?: string): void {
    if (!metadata || tags?.includes('langsmith:hidden')) return;
    const checkpointNs = metadata.langgraph_checkpoint_ns as string | undefined;
    const ns = checkpointNs == null ? [] : eventNamespace(checkpointNs, metadata, this.namespaceOptions);
    if (isOutsideStream(ns, this.namespaceOptions)) return;
    const run: ToolRun = { ns, toolCallId, name: runName ?? 'unknown' };
    this.runs[runId] = run;
    this.sink(ns, { event: 'on_tool_start', toolCallId: run.toolCallId, name: run.name, input });
  }

  /** A chunk a streaming tool emitted. */
  handleToolEvent(chunk: unknown, runId: string): void {
    const run = this.runs[runId];
    if (run) this.sink(run.ns, { event: 'on_tool_event', toolCallId: run.toolCallId, name: run.name, data: chunk });
  }

  override handleToolEnd(output: unknown, runId: string): void {
    const run = this.runs[runId];
    delete this.runs[runId];
    if (run) this.sink(run.ns, { event: 'on_tool_end', toolCallId: run.toolCallId, name: run.name, output });
  }

  override handleToolError(err: unknown, runId: string): void {
    const run = this.runs[runId];
    delete this.runs[runId];
    if (run && !isInterruption(err)) this.sink(run.ns, { event: 'on_tool_error', toolCallId: run.toolCallId, name: run.name, error: err });
  }
}
