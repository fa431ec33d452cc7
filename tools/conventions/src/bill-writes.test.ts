import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './workspaces';

// No part contains itself: every command that puts a line on a bill or points one elsewhere checks
// the bills it wrote (`refuseCycles`), or the plan it writes before writing it (`refusePlannedLoops`).
// This keeps a new command from writing lines without it.

/** Writes a bill line's place in a structure: an insert, or an update (which may re-point it), through a repository or as a write plan's step. */
const WRITES_LINES = /repo\('subpart'\)\.(insert|update)\(|\b(insertRow|updateRow)\('subpart'/;
/** The helpers that write lines, or plan them, for the commands that call them. */
const LINE_WRITERS = /\b(insertLine|planDraftCopy|planCreateRevision|planRelease|planAddLines|planLineChange)\(/;
/** Modules that only lend a line writer or planner to commands, which are checked instead. */
const HELPERS = [
  'packages/domain/src/revisions/copy-revision.ts',
  'packages/domain/src/revisions/create-revision/plan-create-revision.ts',
  'packages/domain/src/revisions/release-revision/plan-release.ts',
  'packages/domain/src/revisions/subparts/bill-line-plan.ts',
];
/** The checks a line-writing command calls. */
const CHECKS = /\b(refuseCycles|refusePlannedLoops)\(/;

const domainFiles = () => sourceFiles('packages/domain/src').filter((file) => !/\.test(-helper)?\.ts$/.test(file) && !HELPERS.includes(file));

describe('bill writes', () => {
  it('are checked for a part containing itself in every module that makes them', () => {
    const writers = domainFiles().filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return WRITES_LINES.test(text) || LINE_WRITERS.test(text.replace(/export (async )?function (insertLine|planDraftCopy|planCreateRevision|planRelease|planAddLines|planLineChange)\(/g, ''));
    });
    // The commands that write lines today: a new one is added here, and must check too.
    expect(writers.sort()).toEqual([
      'packages/domain/src/revisions/create-revision/create-revision.ts',
      'packages/domain/src/revisions/release-revision/release-revision.ts',
      'packages/domain/src/revisions/subparts/add-subparts/add-subparts.ts',
      'packages/domain/src/revisions/subparts/add-together.ts',
      'packages/domain/src/revisions/subparts/change-subparts.ts',
    ]);
    const unchecked = writers.filter((file) => !CHECKS.test(readFileSync(join(root, file), 'utf8')));
    expect(unchecked).toEqual([]);
  });
});
