import { describe, expect, it } from 'vitest';
import { errors, humanize, isPipsError, isUniqueViolation, messages } from './errors';

describe('errors', () => {
  it('humanizes attributes as Rails does', () => {
    expect(humanize('inventory_location_id')).toBe('Inventory location');
    expect(humanize('first_name')).toBe('First name');
    expect(humanize('name')).toBe('Name');
  });

  it('builds typed errors with stable codes and every message', () => {
    const error = errors.invalid([messages.blank('name'), messages.taken('name')]);
    expect(isPipsError(error)).toBe(true);
    expect(error.code).toBe('invalid');
    expect(error.messages).toEqual(["Name can't be blank", 'Name has already been taken']);
    expect(error.message).toBe("Name can't be blank");
    expect(errors.notFound('Manufacturer', 42).messages).toEqual(["Couldn't find Manufacturer with 'id'=42"]);
    expect(errors.inUseByTable('contact').code).toBe('unprocessable');
    expect(isPipsError(new Error('x'))).toBe(false);
  });

  it('knows an error made by another copy of the package, which no instanceof would', () => {
    // What a second copy of @pips/domain would throw: its own class, the same registered mark.
    class OtherCopyError extends Error {
      readonly code = 'invalid';
    }
    const foreign = Object.assign(new OtherCopyError('Name has already been taken'), { [Symbol.for('@pips/domain/PipsError')]: true });
    expect(foreign instanceof Error && !(foreign instanceof errors.invalid([]).constructor)).toBe(true);
    expect(isPipsError(foreign)).toBe(true);
    expect(isPipsError({ [Symbol.for('@pips/domain/PipsError')]: true })).toBe(false);
  });

  it('names the dependents of a refused delete by table, in words', () => {
    expect(errors.inUseByTable('parttype').messages).toEqual(['Cannot delete record because dependent part types exist']);
    expect(errors.inUseByTable('inventory_sublocation').messages).toEqual([
      'Cannot delete record because dependent inventory sublocations exist',
    ]);
    expect(errors.inUseByTable('contact').code).toBe('unprocessable');
  });

  it('names the unique key a conflict broke, so callers never match message text', () => {
    const taken = errors.taken({ name: 'unit_name_unique', field: 'name' });
    expect([taken.code, taken.messages]).toEqual(['invalid', ['Name has already been taken']]);
    expect(isUniqueViolation(taken, 'unit_name_unique')).toBe(true);
    expect(isUniqueViolation(taken, 'vendor_name_unique')).toBe(false);
    expect(isUniqueViolation(errors.invalid(['Name has already been taken']), 'unit_name_unique')).toBe(false);
  });

  it('carries per-item errors, their messages flattened in order', () => {
    const failed = errors.itemErrors('invalid', 'subparts', 'subpart', [
      { number: 2, messages: ['a', 'b'] },
      { number: 5, messages: ['c'] },
    ]);
    expect(failed.messages).toEqual(['a', 'b', 'c']);
    expect(failed.details.items).toEqual({
      root: 'subparts',
      item: 'subpart',
      errors: [
        { number: 2, messages: ['a', 'b'] },
        { number: 5, messages: ['c'] },
      ],
    });
  });
});
