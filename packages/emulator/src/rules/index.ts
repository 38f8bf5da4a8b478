// The rules engine's public surface: compile a rules file once, then hand a service the
// authorizer that evaluates it for every client request (Firestore's or Storage's).
export { RULES_SERVICES, type RulesService } from './ast.js';
export { compileRules, type CompileResult, type Ruleset } from './compiler.js';
export { createRulesAuthorizer, type RulesAuthorizerOptions } from './authorizer.js';
export {
  createStorageRulesAuthorizer,
  type StorageRulesAuthorizer,
  type StorageRulesAuthorizerOptions,
} from './storage-authorizer.js';
export {
  RulesCheckError,
  RulesEvalError,
  RulesLimitError,
  RulesSyntaxError,
  SourceText,
  type RulesIssue,
  type SourceSpan,
} from './errors.js';
