import { Annotation, Command, INTERRUPT, MemorySaver, START, StateGraph, interrupt, isInterrupted } from '@langchain/langgraph';

// Validating human input: the node asks again (a new interrupt) until the answer is valid.
const State = Annotation.Root({ age: Annotation<number> });

let runs = 0;
const graph = new StateGraph(State)
  .addNode('getAge', () => {
    runs += 1;
    let question = 'Please enter your age:';
    for (;;) {
      const raw = interrupt(question) as string;
      const age = Number(raw);
      if (Number.isInteger(age) && age > 0) return { age };
      question = `"${raw}" is not a valid age. Please enter a positive whole number:`;
    }
  })
  .addEdge(START, 'getAge')
  .compile({ checkpointer: new MemorySaver() });

const config = { configurable: { thread_id: 'age' } };
let result = await graph.invoke({}, config);
for (const answer of ['forty', '-3', '42']) {
  console.log('asked:', String(isInterrupted(result) ? result[INTERRUPT][0]?.value : undefined));
  result = await graph.invoke(new Command({ resume: answer }), config);
}
console.log('age', result.age, 'interrupted', isInterrupted(result), 'node runs', runs);

// Resuming a thread that is not waiting for anything.
const idle = await graph.invoke(new Command({ resume: 'x' }), { configurable: { thread_id: 'never-started' } }).then(
  (r) => `returned ${JSON.stringify(r)}`,
  (e: Error) => `${e.name}: ${e.message.split('\n')[0]}`,
);
console.log('idle resume', idle);
