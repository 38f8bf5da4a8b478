// The syntax tree the parser produces and the evaluator walks. Every node keeps its span so
// that compile and evaluation errors can point at the source.
import type { SourceSpan } from './errors.js';

export type BinaryOperator =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** Type names accepted on the right of `is`. */
export const TYPE_NAMES = [
  'bool',
  'bytes',
  'duration',
  'float',
  'int',
  'latlng',
  'list',
  'map',
  'map_diff',
  'null',
  'number',
  'path',
  'set',
  'string',
  'timestamp',
] as const;
export type TypeName = (typeof TYPE_NAMES)[number];

/** A piece of a path literal: raw text (with its slashes) or an interpolated `$(expr)`. */
export type PathPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'interpolation'; readonly expr: Expr };

export type Expr =
  | { readonly kind: 'null'; readonly span: SourceSpan }
  | { readonly kind: 'bool'; readonly value: boolean; readonly span: SourceSpan }
  | { readonly kind: 'int'; readonly value: bigint; readonly span: SourceSpan }
  | { readonly kind: 'float'; readonly value: number; readonly span: SourceSpan }
  | { readonly kind: 'string'; readonly value: string; readonly span: SourceSpan }
  | { readonly kind: 'bytes'; readonly value: Uint8Array; readonly span: SourceSpan }
  | { readonly kind: 'path'; readonly parts: readonly PathPart[]; readonly span: SourceSpan }
  | { readonly kind: 'list'; readonly items: readonly Expr[]; readonly span: SourceSpan }
  | {
      readonly kind: 'map';
      readonly entries: readonly { readonly key: Expr; readonly value: Expr }[];
      readonly span: SourceSpan;
    }
  | { readonly kind: 'identifier'; readonly name: string; readonly span: SourceSpan }
  | {
      readonly kind: 'member';
      readonly object: Expr;
      readonly property: string;
      readonly span: SourceSpan;
    }
  | {
      readonly kind: 'index';
      readonly object: Expr;
      readonly index: Expr;
      readonly span: SourceSpan;
    }
  | {
      readonly kind: 'slice';
      readonly object: Expr;
      readonly from?: Expr;
      readonly to?: Expr;
      readonly span: SourceSpan;
    }
  /** `name(args)`: a user function, a global such as get(), or `namespace.name(args)`. */
  | {
      readonly kind: 'call';
      readonly namespace?: string;
      readonly name: string;
      readonly args: readonly Expr[];
      readonly span: SourceSpan;
    }
  /** `target.name(args)`: a method of the target's type. */
  | {
      readonly kind: 'method';
      readonly target: Expr;
      readonly name: string;
      readonly args: readonly Expr[];
      readonly span: SourceSpan;
    }
  | { readonly kind: 'not'; readonly operand: Expr; readonly span: SourceSpan }
  | { readonly kind: 'negate'; readonly operand: Expr; readonly span: SourceSpan }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOperator;
      readonly left: Expr;
      readonly right: Expr;
      readonly span: SourceSpan;
    }
  | {
      readonly kind: 'is';
      readonly operand: Expr;
      readonly typeName: TypeName;
      readonly span: SourceSpan;
    }
  | {
      readonly kind: 'conditional';
      readonly test: Expr;
      readonly consequent: Expr;
      readonly alternate: Expr;
      readonly span: SourceSpan;
    };

export type AccessMethod = 'get' | 'list' | 'create' | 'update' | 'delete';
export type AllowMethod = AccessMethod | 'read' | 'write';

export type MatchSegment =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'wildcard'; readonly name: string }
  /** `{name=**}`: zero or more segments in rules_version 2, one or more (and last) in 1. */
  | { readonly kind: 'recursive'; readonly name: string };

export type MatchPath = { readonly segments: readonly MatchSegment[]; readonly span: SourceSpan };

export type LetBinding = { readonly name: string; readonly value: Expr; readonly span: SourceSpan };

export type FunctionDecl = {
  readonly name: string;
  readonly params: readonly string[];
  readonly lets: readonly LetBinding[];
  readonly body: Expr;
  readonly span: SourceSpan;
};

export type AllowStatement = {
  readonly methods: readonly AllowMethod[];
  /** Absent for `allow read;`, which means `if true`. */
  readonly condition?: Expr;
  readonly span: SourceSpan;
};

export type MatchBlock = {
  readonly path: MatchPath;
  readonly functions: readonly FunctionDecl[];
  readonly matches: readonly MatchBlock[];
  readonly allows: readonly AllowStatement[];
  readonly span: SourceSpan;
};

/** The services a rules file can declare; each has its own request and resource shapes. */
export const RULES_SERVICES = ['cloud.firestore', 'firebase.storage'] as const;
export type RulesService = (typeof RULES_SERVICES)[number];

export type ServiceBlock = {
  readonly name: string;
  /** Where the name is written, for errors about the service itself. */
  readonly nameSpan: SourceSpan;
  readonly functions: readonly FunctionDecl[];
  readonly matches: readonly MatchBlock[];
  readonly span: SourceSpan;
};

export type RulesFile = {
  /** `rules_version = '2'`; '1' when the declaration is absent. */
  readonly version: '1' | '2';
  /** Functions declared outside every service block, visible inside each of them. */
  readonly functions: readonly FunctionDecl[];
  readonly services: readonly ServiceBlock[];
};
