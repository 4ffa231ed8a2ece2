/**
 * A small stand-in for the engine's API, enough to exercise transpiling, evaluating and error
 * positions without the real engine: a builder whose compiled graph runs its nodes in the order
 * they were added, merging each node's update into the state.
 */
type Node = (state: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;

export class FakeStateGraph {
  readonly nodes: [string, Node][] = [];
  constructor(readonly schema: unknown) {}
  addNode(name: string, fn: Node): this {
    this.nodes.push([name, fn]);
    return this;
  }
  addEdge(_from: string, _to: string): this {
    return this;
  }
  compile(opts: { checkpointer?: unknown } = {}): FakeCompiled {
    return new FakeCompiled(this.nodes, opts.checkpointer);
  }
}

export class FakeCompiled {
  constructor(
    private readonly nodes: [string, Node][],
    public checkpointer: unknown,
  ) {}
  async invoke(input: Record<string, unknown>): Promise<Record<string, unknown>> {
    let state = { ...input };
    for (const [, fn] of this.nodes) state = { ...state, ...(await fn(state)) };
    return state;
  }
  async *stream(input: Record<string, unknown>): AsyncGenerator<Record<string, unknown>> {
    yield await this.invoke(input);
  }
}

/** The fake API object handed to `compileUserGraph`. */
export const fakeEngine: Record<string, unknown> = {
  StateGraph: FakeStateGraph,
  Annotation: Object.assign((x: unknown) => x, { Root: (x: unknown) => x }),
  START: '__start__',
  END: '__end__',
  MemorySaver: class MemorySaver {},
};
