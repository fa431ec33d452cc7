import { describe, expect, it } from 'vitest';
import { parseIssueToken } from './issue-token-input';

describe('parseIssueToken', () => {
  it('trims the name and checks, dedupes and sorts the permissions', () => {
    expect(parseIssueToken({ name: ' ci ', permissions: ['view_inventory', 'manage_data', 'view_inventory'] })).toEqual({
      name: 'ci',
      permissions: ['manage_data', 'view_inventory'],
      readOnly: false,
      value: undefined,
    });
  });

  it('reads a token as read-only only when asked to', () => {
    expect(parseIssueToken({ name: 'ro', permissions: [], readOnly: true }).readOnly).toBe(true);
    expect(parseIssueToken({ name: 'rw', permissions: [], readOnly: false }).readOnly).toBe(false);
  });

  it('refuses unknown permissions first, as a bad request', () => {
    expect(() => parseIssueToken({ name: '', permissions: ['fly', 'manage_data', 'swim'] })).toThrow(
      expect.objectContaining({ code: 'bad_request', messages: ['Unknown permission: fly, swim'] }),
    );
  });

  it('refuses a blank name and one past 255 characters', () => {
    expect(() => parseIssueToken({ name: ' ', permissions: [] })).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ["Name can't be blank"] }),
    );
    expect(() => parseIssueToken({ name: 'x'.repeat(256), permissions: [] })).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ['Name is too long (maximum is 255 characters)'] }),
    );
  });
});
