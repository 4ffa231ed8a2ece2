// Where this process resolves LangGraph.js's main entry point (a harness check, not a corpus program).
console.log(import.meta.resolve('@langchain/langgraph'));
