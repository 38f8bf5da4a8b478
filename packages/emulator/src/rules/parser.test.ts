import { describe, expect, it } from 'vitest';
import type { Expr } from './ast.js';
import { compileRules } from './compiler.js';
import { parseExpression, parseRules } from './parser.js';

/** A compact rendering of an expression tree, to assert precedence and associativity. */
function show(expr: Expr): string {
  switch (expr.kind) {
    case 'binary':
      return `(${show(expr.left)} ${expr.op} ${show(expr.right)})`;
    case 'not':
      return `!${show(expr.operand)}`;
    case 'negate':
      return `-${show(expr.operand)}`;
    case 'is':
      return `(${show(expr.operand)} is ${expr.typeName})`;
    case 'conditional':
      return `(${show(expr.test)} ? ${show(expr.consequent)} : ${show(expr.alternate)})`;
    case 'identifier':
      return expr.name;
    case 'int':
      return String(expr.value);
    case 'member':
      return `${show(expr.object)}.${expr.property}`;
    case 'index':
      return `${show(expr.object)}[${show(expr.index)}]`;
    case 'method':
      return `${show(expr.target)}.${expr.name}(${expr.args.map(show).join(', ')})`;
    case 'call':
      return `${expr.namespace ? expr.namespace + '.' : ''}${expr.name}(${expr.args.map(show).join(', ')})`;
    case 'string':
      return JSON.stringify(expr.value);
    default:
      return expr.kind;
  }
}

const rules = (body: string): string =>
  `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

function firstIssue(text: string): {
  line: number;
  column: number;
  description: string;
  message: string;
} {
  const result = compileRules(text);
  if (result.ok) throw new Error('expected a compile error');
  return { ...result.issues[0]!, message: result.message };
}

describe('parser: expressions', () => {
  it.each([
    ['a || b && c', '(a || (b && c))'],
    ['a && b || c && d', '((a && b) || (c && d))'],
    ['a == b && c != d', '((a == b) && (c != d))'],
    ['1 + 2 * 3 - 4', '((1 + (2 * 3)) - 4)'],
    ['a < b == c', '((a < b) == c)'],
    ['!a && -b < 2', '(!a && (-b < 2))'],
    ["'x' in m && v is string", '(("x" in m) && (v is string))'],
    ['a ? b : c ? d : e', '(a ? b : (c ? d : e))'],
    ['a || b ? c : d', '((a || b) ? c : d)'],
    ['request.auth.token.email_verified', 'request.auth.token.email_verified'],
    ["m['k'].size() > 0", '(m["k"].size() > 0)'],
    ['math.abs(-2)', 'math.abs(-2)'],
    ['f(a, b)[0]', 'f(a, b)[0]'],
  ])('parses %s as %s', (text, expected) => {
    expect(show(parseExpression(text))).toBe(expected);
  });

  it('folds a negative literal so the smallest int can be written', () => {
    expect(parseExpression('-9223372036854775808')).toMatchObject({
      kind: 'int',
      value: -(2n ** 63n),
    });
  });

  it('parses slices with open ends', () => {
    expect(parseExpression('s[1:]')).toMatchObject({ kind: 'slice', from: { kind: 'int' } });
    expect(parseExpression('s[:2]')).toMatchObject({ kind: 'slice', to: { kind: 'int' } });
  });

  it('parses list and map literals with trailing commas', () => {
    expect(parseExpression('[1, 2,]')).toMatchObject({ kind: 'list', items: [{}, {}] });
    expect(parseExpression("{'a': 1, 'b': 2,}")).toMatchObject({ kind: 'map', entries: [{}, {}] });
  });

  it('parses interpolations inside path literals', () => {
    const path = parseExpression('/databases/$(database)/documents/users/$(request.auth.uid)');
    expect(path.kind).toBe('path');
    const parts = (path as Extract<Expr, { kind: 'path' }>).parts;
    expect(parts.map((p) => (p.kind === 'text' ? p.text : show(p.expr)))).toEqual([
      '/databases/',
      'database',
      '/documents/users/',
      'request.auth.uid',
    ]);
  });
});

describe('parser: rules files', () => {
  it('parses version, services, nested matches, functions with lets, and allows', () => {
    const file = parseRules(
      rules(`
    function owns(uid) { let me = request.auth.uid; return me == uid; }
    match /users/{userId} {
      allow read;
      allow create, update: if owns(userId);
      match /{rest=**} { allow get: if false; }
    }`),
    );
    expect(file.version).toBe('2');
    const root = file.services[0]!.matches[0]!;
    expect(root.path.segments).toEqual([
      { kind: 'literal', value: 'databases' },
      { kind: 'wildcard', name: 'database' },
      { kind: 'literal', value: 'documents' },
    ]);
    expect(root.functions[0]).toMatchObject({
      name: 'owns',
      params: ['uid'],
      lets: [{ name: 'me' }],
    });
    const users = root.matches[0]!;
    expect(users.allows.map((a) => a.methods)).toEqual([['read'], ['create', 'update']]);
    expect(users.allows[0]!.condition).toBeUndefined();
    expect(users.matches[0]!.path.segments).toEqual([{ kind: 'recursive', name: 'rest' }]);
  });

  it('defaults to rules_version 1', () => {
    expect(parseRules('service cloud.firestore {}').version).toBe('1');
  });
});

describe('compile errors name line, column and an excerpt', () => {
  it('locates a syntax error with a caret under it', () => {
    const issue = firstIssue(rules('    match /a/{b} {\n      allow read: if (1 + ;\n    }'));
    expect(issue).toMatchObject({
      line: 5,
      column: 27,
      description: "Unexpected ';'; expected an expression.",
    });
    expect(issue.message).toBe(
      [
        "firestore.rules:5:27: Unexpected ';'; expected an expression.",
        '5 |       allow read: if (1 + ;',
        '  |                           ^',
      ].join('\n'),
    );
  });

  it.each([
    ['allow read: if nope;', "Unknown variable 'nope'."],
    ['allow read: if nothere();', 'Function not found error: Name: [nothere].'],
    ['allow read: if math.nothere(1);', 'Function not found error: Name: [math.nothere].'],
    ['allow read: if exists();', "Function 'exists' expects 1 arguments, got 0."],
    ["allow read: if 'a'.sise() == 1;", "Unknown method 'sise'."],
    ['allow read: if 1 is str;', "Unknown type 'str'; expected one of"],
    [
      'allow jump: if true;',
      "Unknown method 'jump'; expected read, write, get, list, create, update or delete.",
    ],
    ['allow read: if true x', "Unexpected 'x'; expected ';'."],
  ])('reports %s', (body, description) => {
    expect(firstIssue(rules(`    match /a/{b} { ${body} }`)).description).toContain(description);
  });

  it('rejects recursion between functions', () => {
    const issue = firstIssue(
      rules(
        '    function a(x) { return b(x); }\n    function b(x) { return a(x); }\n    match /c/{d} { allow read: if a(1); }',
      ),
    );
    expect(issue.description).toContain('rules functions cannot recurse');
  });

  it('rejects a function declared twice in one block', () => {
    expect(
      firstIssue(rules('    function a() { return true; }\n    function a() { return false; }'))
        .description,
    ).toBe("Function 'a' is declared twice in this block.");
  });

  it('rejects a mid-path recursive wildcard in rules_version 1', () => {
    const text =
      'service cloud.firestore { match /databases/{db}/documents { match /{p=**}/posts/{id} { allow read; } } }';
    expect(firstIssue(text).description).toContain("unless rules_version = '2'");
    expect(compileRules(text.replace('service', "rules_version = '2'; service")).ok).toBe(true);
  });

  it('reports every check problem, in source order', () => {
    const result = compileRules(
      rules('    match /a/{b} { allow read: if x; allow write: if y(); }'),
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => i.description)).toEqual([
        "Unknown variable 'x'.",
        'Function not found error: Name: [y].',
      ]);
  });

  it('checks file-level functions: unknown names, and nothing but functions and services', () => {
    const service =
      'service cloud.firestore { match /databases/{db}/documents { match /a/{b} { allow read: if f(); } } }';
    expect(compileRules(`function f() { return true; }\n${service}`).ok).toBe(true);
    expect(
      firstIssue(`function f() { return request.auth != null && b == 1; }\n${service}`).description,
    ).toBe("Unknown variable 'b'.");
    expect(firstIssue(`match /a/{b} { allow read; }\n${service}`).description).toMatch(
      /expected 'service' or 'function'/,
    );
  });

  it('lets functions see the wildcards of their enclosing match', () => {
    expect(
      compileRules(
        rules('    match /a/{b} { function isB(x) { return x == b; } allow read: if isB(1); }'),
      ).ok,
    ).toBe(true);
    expect(
      firstIssue(
        rules(
          '    function isB(x) { return x == b; }\n    match /a/{b} { allow read: if isB(1); }',
        ),
      ).description,
    ).toBe("Unknown variable 'b'.");
  });
});

describe('limits keep the parser and the evaluator off the end of the stack', () => {
  it('rejects deeply nested parentheses with a located error', () => {
    const issue = firstIssue(
      rules(`    match /a/{b} { allow read: if ${'('.repeat(1000)}true${')'.repeat(1000)}; }`),
    );
    expect(issue.description).toBe('Expression is nested too deeply (more than 64 levels).');
  });

  it('rejects expression trees too deep to evaluate', () => {
    const chain = Array.from({ length: 1000 }, () => 'true').join(' && ');
    expect(firstIssue(rules(`    match /a/{b} { allow read: if ${chain}; }`)).description).toBe(
      'Expression is too deep (more than 400 levels).',
    );
  });

  it('accepts long but reasonable chains', () => {
    const chain = Array.from({ length: 300 }, () => 'true').join(' && ');
    expect(compileRules(rules(`    match /a/{b} { allow read: if ${chain}; }`)).ok).toBe(true);
  });

  it('bounds nesting through path interpolations too', () => {
    const nested = '/a/$('.repeat(100) + "'x'" + ')'.repeat(100);
    expect(
      firstIssue(rules(`    match /a/{b} { allow read: if exists(${nested}); }`)).description,
    ).toContain('nested too deeply');
  });
});
