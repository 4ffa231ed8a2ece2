/**
 * The program corpus: every program in corpus/ runs on LangGraph.js 1.7.3 and on our engine (as
 * the browser sandbox provides it), and must print the same console lines. The expected lines are
 * LangGraph.js's, produced here at test time.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_DIFFERENCES } from './known-differences';
import { runOnEngine, runOnLangGraph, type ProgramOutputs } from './harness/runners';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const PROGRAMS = readdirSync(CORPUS).filter((f) => f.endsWith('.ts')).sort();
const PROBE = fileURLToPath(new URL('./harness/which-langgraph.ts', import.meta.url));

let reference: ProgramOutputs = {};
let ours: ProgramOutputs = {};

beforeAll(async () => {
  const files = [PROBE, ...PROGRAMS.map((p) => CORPUS + p)];
  [reference, ours] = await Promise.all([runOnLangGraph(files), runOnEngine(files)]);
}, 180_000);

describe('program corpus', () => {
  it('has at least 30 programs', () => {
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(30);
  });

  it('runs the reference on LangGraph.js and our side on the engine', () => {
    expect(reference[PROBE]?.[0]).toMatch(/node_modules\/@langchain\/langgraph\//);
    expect(ours[PROBE]).toEqual(['replaygraph-module:@langchain/langgraph']);
  });

  for (const program of PROGRAMS) {
    const known = KNOWN_DIFFERENCES[program];
    describe(program, () => {
      it('runs to its end on LangGraph.js 1.7.3', () => {
        const lines = reference[CORPUS + program] ?? [];
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.filter((l) => /^(UNCAUGHT|UNHANDLED) /.test(l))).toEqual([]);
      });
      if (known === undefined) {
        it('prints the same lines on our engine', () => {
          expect(ours[CORPUS + program]).toEqual(reference[CORPUS + program]);
        });
      } else {
        it(`still differs on our engine (known: ${known})`, () => {
          expect(ours[CORPUS + program]).not.toEqual(reference[CORPUS + program]);
        });
      }
    });
  }
});
