// Minimal cases distilled from failures of the differential suites, kept as plain examples so a
// regression names itself. Each states the Firestore rule it checks.
import { describe, expect, it } from 'vitest';
import { compileQuery, runCompiledQuery } from '../../src/query/query.js';
import type { Document, Filter, StructuredQuery, Value } from '../../src/model/types.js';
import { referenceRunQuery } from '../reference/query.js';
import { DOCUMENTS_ROOT } from './generators.js';

const time = { seconds: 1, nanos: 0 };
const doc = (id: string, fields: Record<string, Value>): Document => ({
  name: `${DOCUMENTS_ROOT}/c/${id}`,
  fields: new Map(Object.entries(fields)),
  createTime: time,
  updateTime: time,
});
const int = (n: number): Value => ({ kind: 'integer', value: BigInt(n) });
const ids = (docs: readonly Document[]): string[] => docs.map((d) => d.name.slice(-1));

function run(
  query: StructuredQuery,
  docs: readonly Document[],
): { engine: string[]; reference: string[] } {
  return {
    engine: ids(runCompiledQuery(compileQuery(DOCUMENTS_ROOT, query), docs).documents),
    reference: ids(referenceRunQuery(DOCUMENTS_ROOT, query, docs)),
  };
}

const unary = (op: 'IS_NOT_NULL' | 'IS_NOT_NAN', field: string): Filter => ({
  kind: 'unary',
  field: [field],
  op,
});

describe('unary inequality filters take part in the implicit order', () => {
  // IS_NOT_NULL and IS_NOT_NAN are `!= null` and `!= NaN` (the SDK builds them from `!=`), so
  // like every inequality their field is ordered before `__name__` when the query does not say.
  const docs = [doc('1', { a: int(2) }), doc('2', { a: int(1) }), doc('3', { b: int(0) })];

  for (const op of ['IS_NOT_NULL', 'IS_NOT_NAN'] as const) {
    it(`orders by the ${op} field, then by name`, () => {
      const query: StructuredQuery = {
        from: [{ collectionId: 'c', allDescendants: false }],
        where: unary(op, 'a'),
        orderBy: [],
        offset: 0,
      };
      const { engine, reference } = run(query, docs);
      expect(reference).toEqual(['2', '1']);
      expect(engine).toEqual(reference);
    });

    it(`drops documents lacking the ${op} field even when another OR branch matches them`, () => {
      const query: StructuredQuery = {
        from: [{ collectionId: 'c', allDescendants: false }],
        where: {
          kind: 'composite',
          op: 'OR',
          filters: [unary(op, 'a'), { kind: 'field', field: ['b'], op: 'EQUAL', value: int(0) }],
        },
        orderBy: [],
        offset: 0,
      };
      const { engine, reference } = run(query, docs);
      expect(reference).toEqual(['2', '1']);
      expect(engine).toEqual(reference);
    });
  }
});
