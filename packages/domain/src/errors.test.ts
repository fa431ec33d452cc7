import { describe, expect, it } from 'vitest';
import { errors, fieldProblem, humanize, isPipsError, isUniqueViolation, messages, under } from './errors';

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

  it('keeps each problem with its field, and the messages alone in the same order', () => {
    const error = errors.invalid([fieldProblem('name', messages.blank('name')), 'A message about no field']);
    expect(error.problems).toEqual([{ field: 'name', message: "Name can't be blank" }, { message: 'A message about no field' }]);
    expect(error.messages).toEqual(["Name can't be blank", 'A message about no field']);
    expect(error.message).toBe("Name can't be blank");
    expect(errors.taken({ name: 'unit_name_unique', field: 'name' }).problems).toEqual([{ field: 'name', message: 'Name has already been taken' }]);
  });

  it('names a field found inside a nested hash or list item under its key', () => {
    expect(under('revision', { field: 'revision_name', message: 'm' })).toEqual({ field: 'revision.revision_name', message: 'm' });
    expect(under('alternate_parts[0]', { field: 'part_id', message: 'm' }).field).toBe('alternate_parts[0].part_id');
    expect(under('alternate_parts', { field: '[0].part_id', message: 'm' }).field).toBe('alternate_parts[0].part_id');
    expect(under('revision', { message: 'about the hash' })).toEqual({ field: 'revision', message: 'about the hash' });
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
