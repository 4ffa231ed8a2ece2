/**
 * The graph-building API a test graph is written against: LangGraph.js for the server, or our
 * engine (which has the same public API) when a test draws the same graph locally to compare.
 */
export type GraphApi = Record<string, any>;
