/** The `code` of a Firebase (or app) error, if the value carries one. */
export function errorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    if (typeof code === 'string' && code !== '') return code;
  }
  return null;
}
