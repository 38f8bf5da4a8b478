import { describe, expect, it } from 'vitest';
import { isConfirmation } from './confirmation';

describe('isConfirmation', () => {
  it('is a success or info notice without an action', () => {
    expect(isConfirmation({ message: 'Draft saved.', severity: 'success' })).toBe(true);
    expect(isConfirmation({ message: 'Copied.', severity: 'info' })).toBe(true);
    expect(isConfirmation({ message: 'Copied.' })).toBe(true);
  });

  it('is not a problem, nor a notice offering something to do', () => {
    expect(isConfirmation({ message: 'Not saved.', severity: 'error' })).toBe(false);
    expect(isConfirmation({ message: 'Online only.', severity: 'warning' })).toBe(false);
    const undo = { label: 'Undo', onClick: () => undefined };
    expect(isConfirmation({ message: 'Deleted.', severity: 'success', action: undo })).toBe(false);
  });
});
