// The input guard's walk on its own (http/input-guard.ts): where its bounds lie and that it
// never recurses. Every route's answer to these inputs is in error-contract.test.ts.
import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX, findInputProblem, queryDecodes } from '../src/http/input-guard.ts';

/** `levels` arrays, one inside the other, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('input guard', () => {
  it('takes ordinary text: emoji (surrogate pairs), accents, tabs and newlines', () => {
    expect(findInputProblem({ a: ['😀 café\t\n', { 'clé 😀': 'ok' }], n: 1, b: null }, 'body')).toBeNull();
  });

  it('finds a NUL or a lone surrogate in a value or a key, and names where', () => {
    expect(findInputProblem({ a: [1, 'x\0'] }, 'body')).toEqual({
      path: 'body.a.1',
      reason: 'NUL_CHARACTER',
      inKey: false,
    });
    expect(findInputProblem({ a: { 'k\ud800': 1 } }, 'body')).toEqual({
      path: 'body.a',
      reason: 'LONE_SURROGATE',
      inKey: true,
    });
    expect(findInputProblem({ a: 'x\udc00y' }, 'query')?.reason).toBe('LONE_SURROGATE');
    // A high surrogate at the very end is lone too.
    expect(findInputProblem(['ok', '😀\ud83d'], 'body')?.path).toBe('body.1');
  });

  it('allows JSON_DEPTH_MAX levels of containers and refuses one more', () => {
    expect(findInputProblem(nested(JSON_DEPTH_MAX), 'body')).toBeNull();
    expect(findInputProblem(nested(JSON_DEPTH_MAX + 1), 'body')?.reason).toBe('NESTED_TOO_DEEP');
  });

  it('walks a value far deeper than the stack allows without recursing', () => {
    const deep = nested(200_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(findInputProblem(deep, 'body')?.reason).toBe('NESTED_TOO_DEEP');
  });

  it('cuts a long key in the path it reports', () => {
    const key = 'k'.repeat(5000);
    const problem = findInputProblem({ [key]: 'a\0' }, 'body');
    expect(problem?.path.length).toBeLessThan(60);
  });

  it('tells a query that does not decode from one that does', () => {
    expect(queryDecodes('/api/x?a=1&b=%20%C3%A9+c')).toBe(true);
    expect(queryDecodes('/api/x')).toBe(true);
    expect(queryDecodes('/api/x?a=%ED%A0%80')).toBe(false);
    expect(queryDecodes('/api/x?a=%ZZ')).toBe(false);
    expect(queryDecodes('/api/x?%C3=1')).toBe(false);
  });
});
