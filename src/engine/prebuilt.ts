/**
 * replaygraph's prebuilt components (the `@langchain/langgraph/prebuilt` entry point):
 * `ToolNode`, `toolsCondition`, `createReactAgent`, `withAgentName`, and the deprecated
 * `ToolExecutor`, `createAgentExecutor`, `createFunctionCallingExecutor`.
 */
export { ToolNode, toolsCondition, type ToolLike, type ToolNodeOptions } from './prebuilt/tool_node';
export { createReactAgent, createReactAgentAnnotation, type CreateReactAgentParams } from './prebuilt/react_agent';
export { withAgentName } from './prebuilt/agent_name';
export { ToolExecutor, createAgentExecutor, createFunctionCallingExecutor, type ToolInvocation } from './prebuilt/legacy';
