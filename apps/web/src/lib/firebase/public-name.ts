/** The public name of an account: its display name, else the email's local part. */
export function publicNameOf(user: { displayName: string | null; email: string | null }): string {
  const name = user.displayName?.trim() || user.email?.split('@')[0]?.trim() || 'Member';
  return Array.from(name).slice(0, 50).join('');
}
